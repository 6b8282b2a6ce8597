# __init_subclass__ (a registry of subclasses, class keywords), __slots__, type.mro(),
# range.index/count, a function's __kwdefaults__, ascii(), functools.lru_cache and cache.
import functools


class Layer:
    registry = []

    def __init_subclass__(cls, kind="plain", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        Layer.registry.append((cls.__name__, kind))


class Dense(Layer):
    pass


class Conv(Layer, kind="conv"):
    pass


class DeepConv(Conv, kind="deep"):
    pass


print(Layer.registry, DeepConv.kind, Dense.kind)
try:

    class Bad(Dense, colour="red"):
        pass

except TypeError as e:
    print(e)
try:

    class Plain(color="red"):
        pass

except TypeError as e:
    print(e)


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(1, 2)
p.x = 10
print(p.x, p.y)
try:
    p.z = 3
except AttributeError as e:
    print(e)


class Point3(Point):
    __slots__ = ("z",)


q = Point3(1, 2)
q.z = 3
print(q.x, q.z)


class Loose(Point):  # no __slots__ of its own: its instances take any attribute
    pass


loose = Loose(0, 0)
loose.anything = 1
print(loose.anything)


class A:
    pass


class B(A):
    pass


class C(A):
    pass


class D(B, C):
    pass


print(D.mro(), [k.__name__ for k in D.mro()], D.mro() == list(D.__mro__), int.mro())

r = range(0, 20, 3)
print(r.index(9), r.count(9), r.count(10), range(5).index(3.0), range(10, 0, -2).index(4), r.count(True))
try:
    r.index(10)
except ValueError as e:
    print(e)


def train(model, *, lr=0.1, epochs=3, verbose):
    pass


def plain(a, b=1):
    pass


print(train.__kwdefaults__, plain.__kwdefaults__, train.__defaults__)
print(ascii("naïve café ✓"), ascii([1, "é"]), ascii("plain"))


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(40), fib.cache_info(), fib.__name__, fib.__wrapped__.__name__)
fib.cache_clear()
print(fib.cache_info())


@functools.lru_cache(maxsize=2)
def square(x):
    print("computing", x)
    return x * x


for v in [1, 2, 1, 3, 2, 1]:
    square(v)
info = square.cache_info()
print(info, info.hits, info.misses, info.currsize)


@functools.lru_cache
def shout(word, times=1):
    print("call", word, times)
    return (word.upper() + " ") * times


print(shout("hi"), shout("hi"), shout("hi", times=2), shout("hi", times=2), shout.cache_info())


@functools.cache
def count_paths(r, c):
    if r == 0 or c == 0:
        return 1
    return count_paths(r - 1, c) + count_paths(r, c - 1)


print(count_paths(10, 10), count_paths.cache_info())
try:
    square([1, 2])
except TypeError as e:
    print(e)


options = {"kind": "from a dict"}


class Pool(Layer, **options):
    pass


print(Pool.kind, Layer.registry[-1])
