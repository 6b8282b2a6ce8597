class Anything:
    def __eq__(self, other):
        print("Anything.__eq__", type(other).__name__)
        return True

a = Anything()
print([1] == a, a == [1])
print(None == a, (1, 2) == a, {"k": 1} == a, "s" == a, 3 == a, 2.5 == a)
print([1] != a, None != a)
print(range(3) == a)

class Version:
    def __init__(self, n):
        self.n = n
    def __lt__(self, other):
        print("Version.__lt__")
        if isinstance(other, Version):
            return self.n < other.n
        if isinstance(other, int):
            return self.n < other
        return NotImplemented
    def __gt__(self, other):
        print("Version.__gt__")
        if isinstance(other, int):
            return self.n > other
        return NotImplemented

v = Version(3)
print(2 < v, 5 > v, v < 4)
print(sorted([Version(2), Version(1)], key=lambda x: x)[0].n)
try:
    print([1] < v)
except TypeError as e:
    print(e)

class Base:
    def __eq__(self, other):
        print("Base.__eq__", type(self).__name__, type(other).__name__)
        return NotImplemented
class Child(Base):
    def __eq__(self, other):
        print("Child.__eq__", type(self).__name__, type(other).__name__)
        return NotImplemented
print(Base() == Child())
b = Base()
print(b == b, b != Base())

class Inherits(Base):
    pass
print(Base() == Inherits())

class OnlyEq:
    def __eq__(self, other):
        print("OnlyEq.__eq__")
        return NotImplemented
class Ne:
    def __ne__(self, other):
        print("Ne.__ne__")
        return "ne-result"
print(OnlyEq() != Ne())
print(Ne() != OnlyEq())

class MyList(list):
    pass
print([1, 2] == MyList([1, 2]), MyList([1]) == [1], [1] < MyList([2]))
class LoudList(list):
    def __eq__(self, other):
        print("LoudList.__eq__")
        return list.__eq__(self, other)
print([1] == LoudList([1]))
print([3] in [[1], a])
print(a in [1, 2])
print([1, 2].index(a), (5, 6).count(a))

class Bad:
    def __lt__(self, other):
        return NotImplemented
try:
    Bad() < [1]
except TypeError as e:
    print(e)
try:
    [1] >= Bad()
except TypeError as e:
    print(e)
print(Bad() == Bad(), [Bad()] == [Bad()])
