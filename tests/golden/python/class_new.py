class Singleton:
    _instance = None
    def __new__(cls, *args, **kwargs):
        print("__new__", cls.__name__, args, kwargs)
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance
    def __init__(self, value):
        print("__init__", value)
        self.value = value

a = Singleton(1)
b = Singleton(value=2)
print(a is b, a.value, type(a).__name__)

class Positive(int):
    def __new__(cls, v):
        if v < 0:
            raise ValueError("negative: " + str(v))
        return super().__new__(cls, v)
p = Positive(5)
print(p, p + 1, type(p).__name__, isinstance(p, int))
try:
    Positive(-1)
except ValueError as e:
    print(e)

class Upper(str):
    def __new__(cls, text):
        return str.__new__(cls, text.upper())
u = Upper("abc")
print(u, repr(u), len(u), type(u).__name__)

class Point(tuple):
    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
pt = Point(1, 2)
print(pt, pt.x, type(pt).__name__)

class Other:
    pass
class Factory:
    def __new__(cls, kind):
        if kind == "other":
            return Other()
        if kind == "num":
            return 42
        return object.__new__(cls)
    def __init__(self, kind):
        print("Factory.__init__", kind)
print(type(Factory("other")).__name__, Factory("num"), type(Factory("me")).__name__)

class Base:
    def __new__(cls, *args):
        print("Base.__new__", cls.__name__)
        return super().__new__(cls)
class Derived(Base):
    def __init__(self, n):
        print("Derived.__init__", n)
d = Derived(3)
print(type(d).__name__, Derived.__new__ is Base.__new__)

class NoInit:
    def __new__(cls, a, b):
        obj = super().__new__(cls)
        obj.total = a + b
        return obj
print(NoInit(2, 3).total)

class Counted:
    count = 0
    def __new__(cls):
        cls.count += 1
        return super().__new__(cls)
Counted(); Counted()
print(Counted.count)
for bad in [lambda: object.__new__(5), lambda: object.__new__(), lambda: Singleton.__new__,
            lambda: NoInit(1), lambda: object.__new__(Other, 1)]:
    try:
        r = bad()
        print(type(r).__name__)
    except TypeError as e:
        print(e)
class Bad:
    def __new__(cls, x):
        return super().__new__(cls, x)
Bad(1)
