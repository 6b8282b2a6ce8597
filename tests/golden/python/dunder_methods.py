# The special methods course code defines on its own classes.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return f"Vec({', '.join(map(str, self.xs))})"

    def __str__(self):
        return "<" + " ".join(str(x) for x in self.xs) + ">"

    def __len__(self):
        return len(self.xs)

    def __getitem__(self, i):
        return self.xs[i]

    def __setitem__(self, i, v):
        self.xs[i] = v

    def __contains__(self, v):
        print("contains", v)
        return v in self.xs

    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs

    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)

    def __le__(self, other):
        return sum(self.xs) <= sum(other.xs)

    def __hash__(self):
        return hash(tuple(self.xs))

    def __add__(self, other):
        if isinstance(other, (int, float)):
            return Vec(*[x + other for x in self.xs])
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])

    def __radd__(self, other):
        print("radd", other)
        return self + other

    def __sub__(self, other):
        return Vec(*[a - b for a, b in zip(self.xs, other.xs)])

    def __mul__(self, k):
        return Vec(*[x * k for x in self.xs])

    __rmul__ = __mul__

    def __truediv__(self, k):
        return Vec(*[x / k for x in self.xs])

    def __iadd__(self, other):
        print("iadd")
        self.xs = [a + b for a, b in zip(self.xs, other.xs)]
        return self

    def __neg__(self):
        return Vec(*[-x for x in self.xs])

    def __abs__(self):
        return sum(x * x for x in self.xs) ** 0.5

    def __bool__(self):
        return any(self.xs)

    def __call__(self, k):
        return self.xs[k]


v = Vec(1, 2, 3)
w = Vec(3, 4, 5)
print(v, repr(v), str(v), [v], f"{v}", f"{v!r}")
print(len(v), v[0], v[-1], v[1:], v(2))
v[0] = 10
print(v, 2 in v, 7 not in v)
print(v + w, v + 1, 1 + v, v - w, v * 2, 3 * v, v / 2, -v, abs(Vec(3, 4)))
print(sum([Vec(1, 1), Vec(2, 2)], Vec(0, 0)), sum([Vec(1, 1), Vec(2, 2)]))
print(v == Vec(10, 2, 3), v != w, v == 3, v < w, v <= w, v > w, v >= w)
print(sorted([w, v, Vec(0)]), max(v, w), min([v, w]))
print(bool(Vec(0, 0)), bool(v), "yes" if Vec() else "no", not Vec(0))
print(hash(Vec(1, 2)) == hash((1, 2)), {Vec(1): "one"}[Vec(1)])
u = v
u += w
print(u, v, u is v)
for x in v:
    print("item", x)


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


print(list(Countdown(3)), [x * 2 for x in Countdown(4)], sum(Countdown(5)))
it = iter(Countdown(2))
print(next(it), next(it), next(it, "done"))


class Timer:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return exc_type is KeyError


with Timer("a") as t, Timer("b"):
    print("inside", t.name)
with Timer("c"):
    raise KeyError("swallowed")
print("after")


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return Money(self.cents + other.cents)

    def __repr__(self):
        return f"Money({self.cents})"


print(Money(1) + Money(2))
try:
    Money(1) + 5
except TypeError as e:
    print("TypeError:", e)
try:
    5 - Money(1)
except TypeError as e:
    print("TypeError:", e)
try:
    len(Money(1))
except TypeError as e:
    print("TypeError:", e)
try:
    Money(1)[0]
except TypeError as e:
    print("TypeError:", e)
try:
    Money(1)(0)
except TypeError as e:
    print("TypeError:", e)


class NoHash:
    def __eq__(self, other):
        return True


print(NoHash() == 3, NoHash.__hash__)
with Timer("d"):
    {NoHash(): 1}
