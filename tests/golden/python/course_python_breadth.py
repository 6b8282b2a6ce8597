# Course-style Python around the tensors: d2l's data_iter, a fastbook-like class hierarchy, comprehensions,
# % formatting, random after seed, itertools, functools, collections, dunder protocols.
import random
import itertools
import functools
import collections
from collections import namedtuple, defaultdict, Counter, OrderedDict
from functools import partial, reduce
import math

def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    random.shuffle(indices)
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i: min(i + batch_size, num_examples)]
        yield [features[j] for j in batch_indices], [labels[j] for j in batch_indices]

random.seed(42)
features = [[i, i * 2] for i in range(10)]
labels = [i % 3 for i in range(10)]
for X, y in data_iter(4, features, labels):
    print(X, y)

class LayerFunction:
    def __init__(self, name): self.name = name
    def __call__(self, *args):
        self.args = args
        self.out = self.forward(*args)
        return self.out
    def forward(self): raise Exception('not implemented')
    def __repr__(self): return f"{type(self).__name__}({self.name!r})"

class Lin(LayerFunction):
    def __init__(self, w, b):
        super().__init__("lin")
        self.w, self.b = w, b
    def forward(self, x): return x * self.w + self.b

class Relu(LayerFunction):
    def forward(self, x): return max(x, 0.)

l = Lin(2, -1)
print(l(3), Relu("r")(-2.5), Lin.__mro__, [c.__name__ for c in Lin.__mro__], l)
print(isinstance(l, LayerFunction), issubclass(Relu, LayerFunction))

words = "the quick brown fox jumps over the lazy dog the end".split()
print({w: len(w) for w in words if len(w) > 3})
print(sorted({len(w) for w in words}), Counter(words).most_common(2))
dd = defaultdict(list)
for w in words: dd[w[0]].append(w)
print(dict(dd))
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p._asdict(), p._replace(x=5), p.x + p.y)
print("%d items, %.3f mean, %5s|%-5s|" % (len(words), sum(map(len, words)) / len(words), "a", "b"))
print("%(name)s is %(age)03d" % {"name": "Ann", "age": 7}, "%x %o %e %g %r" % (255, 8, 12345.678, 0.0001, "s"))
print(list(itertools.product("ab", repeat=2)), list(itertools.islice(itertools.count(3, 2), 4)))
print(list(itertools.chain([1], (2, 3))), list(itertools.accumulate([1, 2, 3])), list(itertools.combinations(range(4), 2)))
print([list(g) for k, g in itertools.groupby("aabbbc")])
pow2 = partial(pow, 5)
print(pow2(2), reduce(lambda a, b: a * b, range(1, 6)), functools.reduce(max, [3, 9, 2]))
random.seed(0)
xs = list(range(8))
random.shuffle(xs)
print(xs, random.random(), random.randint(1, 10), random.choice("abc"), random.sample(range(100), 3), random.uniform(1, 2))
print(math.isclose(0.1 + 0.2, 0.3), math.prod([1, 2, 3]), math.log2(8), math.floor(-2.5), math.inf > 1e308)
od = OrderedDict(a=1, b=2); od.move_to_end("a"); print(od, list(od))
gen = (x * x for x in range(5))
print(sum(gen), list(zip(range(3), "abc")), list(enumerate("xy", 1)), list(reversed([1, 2, 3])))
first, *rest = [1, 2, 3, 4]
print(first, rest, [*rest, *"ab"], {**{"a": 1}, **{"b": 2}})
lst = list(range(10)); lst[2:5] = ["x"]; print(lst)
print(sorted(words, key=len, reverse=True)[:3], min(words, key=len), max(words, key=lambda w: (len(w), w)))
print(f"{3.14159:+.2f} {1234567:_} {255:#x} {0.25:%} {42:08.3f}", "abc".center(9, "*"), "a1".isalnum(), "Title Case".title())
print("x,y".partition(","), "3".zfill(4), "a\nb".splitlines(), "hello".find("l"), "hello".count("l"))
def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc
c = counter(); c(); print(c())
def kw(a, *, b=2, **rest): return a, b, rest
print(kw(1, b=3, z=4))
s = {1, 2, 3}; s |= {4}; print(s & {2, 4, 9}, s - {1}, s ^ {1, 9}, frozenset([1, 2]) <= s)
class Stack:
    def __init__(self): self.items = []
    def __len__(self): return len(self.items)
    def __getitem__(self, i): return self.items[i]
    def __contains__(self, x): return x in self.items
    def __iter__(self): return iter(self.items)
    def __eq__(self, other): return isinstance(other, Stack) and self.items == other.items
    def __add__(self, other): r = Stack(); r.items = self.items + other.items; return r
st = Stack(); st.items = [1, 2]
print(len(st), st[0], 2 in st, list(st), st == st + Stack(), (st + st).items, [1, 2] == st)
class Temp:
    def __init__(self): self._c = 0
    @property
    def c(self): return self._c
    @c.setter
    def c(self, v): self._c = v
    @staticmethod
    def f2c(f): return (f - 32) * 5 / 9
    @classmethod
    def make(cls): return cls()
t = Temp.make(); t.c = 5; print(t.c, Temp.f2c(212))
class Timer:
    def __enter__(self): print("enter"); return self
    def __exit__(self, *a): print("exit", a[0]); return True
with Timer() as tm:
    raise ValueError("swallowed")
print(dict.fromkeys(["a", "b"], 0), "hello".translate(str.maketrans("l", "L")), b"abc".decode(), "é".encode())
