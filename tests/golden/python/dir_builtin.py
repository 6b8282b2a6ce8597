# dir(): the names in scope; dir(obj): an object's attributes, sorted, dunders included.
print(dir())
import math

x = 1


def f(a, b=2):
    c = 3
    print(dir())

    def g():
        return c

    print(dir())


f(1)


class A:
    y = 2

    def m(self):
        pass


print(dir())
print([n for n in dir() if not n.startswith("__")])
a = A()
a.z = 1
print(dir(a))
print(dir(A))
print(dir(object()))
print([s for s in dir([]) if not s.startswith("__")])
print([s for s in dir("") if not s.startswith("_")][:12])
print([s for s in dir({}) if not s.startswith("_")])


class B(A):
    """A subclass with a property."""

    @property
    def p(self):
        return 1


print(dir(B()))
print([n for n in dir(math) if "sin" in n])
print(dir(x)[-6:])
print(dir(None))


class Custom:
    def __dir__(self):
        return ["zeta", "alpha", "mid"]


print(dir(Custom()))
print("append" in dir(list), "keys" in dir(dict), "__len__" in dir([]))
