# Course-style Python: a Dataset-like sequence class, generators with send, a diamond, operator dunders.
import string, time, os.path
from itertools import product, chain, islice, count
from math import cos, sin, tanh, floor, ceil, inf, nan, isclose, prod, log2
print(string.ascii_lowercase[:5], os.path.join("a", "b.txt"), os.path.splitext("x/y.tar.gz"))
class Dataset:
    def __init__(self, n): self.n = n
    def __len__(self): return self.n
    def __getitem__(self, i):
        if i >= self.n: raise IndexError(i)
        return i * i
ds = Dataset(4)
print(list(ds), len(ds), [ds[i] for i in range(len(ds))], sum(ds), 9 in ds)
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
print(list(islice(fib(), 10)), next(iter(fib())))
def averager():
    total = n = 0
    avg = None
    while True:
        x = yield avg
        total += x; n += 1
        avg = total / n
g = averager(); next(g)
print(g.send(10), g.send(20), g.send(0))
class A:
    def hello(self): return "A"
class B(A):
    def hello(self): return "B" + super().hello()
class C(A):
    def hello(self): return "C" + super().hello()
class D(B, C):
    def hello(self): return "D" + super().hello()
print(D().hello(), [k.__name__ for k in D.__mro__])
class Meter:
    def __init__(self, v): self.v = v
    def __add__(self, o): return Meter(self.v + (o.v if isinstance(o, Meter) else o))
    __radd__ = __add__
    def __lt__(self, o): return self.v < o.v
    def __eq__(self, o): return isinstance(o, Meter) and self.v == o.v
    def __hash__(self): return hash(self.v)
    def __repr__(self): return f"Meter({self.v})"
ms = [Meter(3), Meter(1), Meter(2)]
print(sum(ms), sorted(ms), max(ms), Meter(1) in ms, {Meter(1), Meter(1)}, ms.index(Meter(2)), Meter(1) == 1, 1 == Meter(1))
print("%5.2f%%" % 12.345, "%-6s|" % "ab", "%+d" % 5, "{:>8}".format("r"), "{0}{1}{0}".format("a", "b"))
print(tanh(0.5), floor(2.7), ceil(2.1), isclose(1, 1.0000001), prod(range(1, 5)), log2(1024), cos(0), sin(0))
print([(x, y) for x in range(3) for y in range(x) if (x + y) % 2], {k: v for k, v in zip("abc", count())})
matrix = [[1, 2], [3, 4]]
print([[row[i] for row in matrix] for i in range(2)], list(zip(*matrix)), list(chain.from_iterable(matrix)))
print(any(x > 3 for x in chain(*matrix)), all(x > 0 for x in chain(*matrix)))
try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e, repr(e), e.args)
try:
    raise ValueError("bad") from KeyError("k")
except ValueError as e:
    print(e, repr(e.__cause__))
print(type(time.time()).__name__, round(2.675, 2), round(0.5), round(1.5), divmod(-7, 2), -7 // 2, -7 % 2)
print(int("ff", 16), float("1e-3"), bin(10), hex(-255), oct(8), chr(65), ord("a"), 2 ** 100)
print(vars(Meter(5)), getattr(Meter(5), "v"), hasattr(ds, "n"), callable(ds))
