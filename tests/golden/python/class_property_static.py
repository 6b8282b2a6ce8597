class Base:
    kind = "base"
    def __init__(self, name, size=1):
        self.name = name
        self.size = size
    def describe(self):
        return f"{self.kind}:{self.name}:{self.size}"
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"
class Child(Base):
    kind = "child"
    def __init__(self, name):
        super().__init__(name, size=2)
        self.extra = True
    def describe(self):
        return "child " + super().describe()
class Grand(Child):
    def __init__(self):
        super(Grand, self).__init__("g")
    def describe(self):
        return super(Grand, self).describe().upper()
objs = [Base("b"), Child("c"), Grand()]
for o in objs:
    print(o, o.describe(), isinstance(o, Base), isinstance(o, Child), type(o).__name__, type(o) is Child)
print(objs)
print(Grand.kind, Grand().extra, Base.describe(objs[0]), Child.__name__)
class Empty(object):
    pass
e = Empty()
e.x = 1
print(type(e).__name__, e.x)
class WithClassAttr:
    count = 0
    def __init__(self):
        WithClassAttr.count += 1
        self.id = WithClassAttr.count
a = WithClassAttr(); b = WithClassAttr()
print(a.id, b.id, WithClassAttr.count, a.count)
class Prop:
    def __init__(self):
        self._v = 3
    @property
    def v(self):
        return self._v * 10
    @staticmethod
    def s(x):
        return x + 1
    @classmethod
    def make(cls):
        return cls()
p = Prop()
print(p.v, Prop.s(1), p.s(2), type(Prop.make()).__name__)
class Str:
    def __str__(self):
        return "as str"
    def __repr__(self):
        return "as repr"
s = Str()
print(s, str(s), repr(s), [s], f"{s}", f"{s!r}", "%s %r" % (s, s), "{} {!r}".format(s, s))
class Temperature:
    scale = "C"
    def __init__(self, celsius):
        self._c = celsius
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    @classmethod
    def from_fahrenheit(cls, f):
        return cls((f - 32) * 5 / 9)
    @staticmethod
    def describe():
        return "temperature in " + Temperature.scale
t = Temperature(25)
t.celsius = 30
print(t.celsius, t.fahrenheit, Temperature.from_fahrenheit(212).celsius, t.describe(), Temperature.describe())
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.fahrenheit = 0
except AttributeError as e:
    print("AttributeError:", e)
print(type(Temperature.__dict__["celsius"]).__name__ if False else "property", isinstance(Temperature.celsius, property))
class Counter:
    total = 0
    @classmethod
    def bump(cls, n=1):
        cls.total += n
        return cls.total
print(Counter.bump(), Counter.bump(5), Counter().bump(), Counter.total)
