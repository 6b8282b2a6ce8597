# property (getter, setter, deleter), staticmethod, classmethod, class attributes.
class Temperature:
    unit = "C"
    instances = []

    def __init__(self, celsius):
        self._c = celsius
        Temperature.instances.append(self)

    @property
    def celsius(self):
        "the temperature in degrees Celsius"
        return self._c

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value

    @celsius.deleter
    def celsius(self):
        print("deleting")
        del self._c

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @staticmethod
    def c_to_f(c):
        return c * 9 / 5 + 32

    @classmethod
    def from_f(cls, f):
        return cls((f - 32) * 5 / 9)

    def __repr__(self):
        return f"Temperature({self._c!r})"


t = Temperature(20)
print(t.celsius, t.fahrenheit, Temperature.c_to_f(100), t.c_to_f(0))
t.celsius = 25
print(t, t.fahrenheit)
u = Temperature.from_f(212)
print(u, type(u).__name__, len(Temperature.instances), t.instances is u.instances)
print(Temperature.celsius.__doc__, type(Temperature.celsius).__name__)
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
del t.celsius
print(hasattr(t, "_c"), "_c" in t.__dict__)
try:
    t.fahrenheit = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    del t.fahrenheit
except AttributeError as e:
    print("AttributeError:", e)

# class attributes: read through instances, shadowed by instance attributes, shared when mutable
class Dog:
    species = "canis"
    tricks = []

    def __init__(self, name):
        self.name = name

    def add_trick(self, trick):
        self.tricks.append(trick)


a, b = Dog("a"), Dog("b")
a.add_trick("roll")
b.add_trick("sit")
print(a.tricks, b.tricks, Dog.tricks, a.tricks is Dog.tricks)
a.species = "wolf"
print(a.species, b.species, Dog.species, "species" in a.__dict__, "species" in b.__dict__)
Dog.species = "canis familiaris"
print(a.species, b.species)
del a.species
print(a.species)


class WithSub(Temperature):
    unit = "K"

    @property
    def celsius(self):
        return -1


w = WithSub(3)
print(w.unit, Temperature.unit, w.celsius, WithSub.from_f(32))


class ReadOnly:
    @property
    def x(self):
        return 1


ReadOnly().x = 2
