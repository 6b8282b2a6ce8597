# super() in every form, cooperative multiple inheritance.
class Base:
    def __init__(self, name):
        self.name = name
        print("Base.__init__", name)

    def greet(self):
        return "Base greets " + self.name

    @classmethod
    def create(cls, name):
        print("Base.create for", cls.__name__)
        return cls(name)

    @staticmethod
    def kind():
        return "base-kind"

    @property
    def label(self):
        return "<" + self.name + ">"


class Child(Base):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age

    def greet(self):
        return super().greet() + " and Child adds " + str(self.age)

    @classmethod
    def create(cls, name):
        print("Child.create")
        obj = super().create(name)
        return obj

    @staticmethod
    def kind():
        return "child/" + Base.kind()

    @property
    def label(self):
        return "child" + super().label


class Child2(Child):
    def __init__(self, name):
        super(Child, self).__init__(name)
        self.age = 0

    def greet(self):
        return super(Child2, self).greet() + "!"


c = Child("ann", 7)
print(c.greet())
print(c.label, Child.kind(), c.kind())
c2 = Child2("bob")
print(c2.greet(), c2.age)
try:
    made = Child2.create("cid")
except TypeError as e:
    print("TypeError:", e)
print(super(Child, c).greet())
s = super(Child, c)
print(type(s).__name__)


# cooperative diamond
class Root:
    def __init__(self):
        print("Root")
        self.trail = ["Root"]

    def step(self):
        return ["Root"]


class Left(Root):
    def __init__(self):
        print("Left start")
        super().__init__()
        self.trail.append("Left")

    def step(self):
        return ["Left"] + super().step()


class Right(Root):
    def __init__(self):
        print("Right start")
        super().__init__()
        self.trail.append("Right")

    def step(self):
        return ["Right"] + super().step()


class Bottom(Left, Right):
    def __init__(self):
        super().__init__()
        self.trail.append("Bottom")

    def step(self):
        return ["Bottom"] + super().step()


b = Bottom()
print(b.trail, b.step())
print(super(Left, b).step())


class Counter:
    count = 0

    def __init__(self):
        Counter.count += 1
        type(self).count = Counter.count


class Sub(Counter):
    pass


Counter(); Sub(); Sub()
print(Counter.count, Sub.count)

try:
    super(Child, 5)
except TypeError as e:
    print("TypeError:", e)

try:
    super(int, c)
except TypeError as e:
    print("TypeError:", e)


class Broken(Base):
    def greet(self):
        return super().missing()


Broken("x").greet()
