# collections: Counter, defaultdict, OrderedDict, namedtuple, as course code uses them.
import collections
from collections import Counter, OrderedDict, defaultdict, namedtuple

words = "the cat and the hat and the bat".split()
c = Counter(words)
print(c)
print(c.most_common(2), c["the"], c["dog"], "dog" in c, len(c))
c.update(["cat", "cat"])
c["new"] += 5
print(c.most_common())
print(Counter("abracadabra"), Counter(), Counter(a=2, b=1))
print(sorted(c.elements())[:4], c.total())
d = Counter({"x": 3, "y": 1}) + Counter({"x": 1, "z": 2})
print(d, Counter({"x": 3, "y": 1}) - Counter({"x": 1, "y": 4}))
c2 = Counter(x=5)
c2.subtract(["x", "x"])
print(c2, type(c2).__name__, isinstance(c2, dict))

dd = defaultdict(list)
for word in words:
    dd[word[0]].append(word)
print(dd)
print(dd["t"], dd["q"], len(dd), dd.default_factory)
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(counts, dict(counts), sorted(counts.items()))
print(defaultdict(None, {1: 2}), collections.defaultdict(lambda: "?")["k"])

od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
print(od, list(od), od.popitem(), od)
od.move_to_end("b")
print(od, OrderedDict(), OrderedDict([("x", 1)]) == OrderedDict([("x", 1)]))
od.move_to_end("b", last=False)
print(list(od.keys()), od.popitem(last=False))

Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], len(p), tuple(p), p == (1, 2))
x, y = p
print(x + y, p._asdict(), p._replace(x=10), Point._make([7, 8]), Point._fields)
Batch = namedtuple("Batch", "inputs labels size", defaults=[0])
b = Batch([1, 2], [0, 1])
print(b, b.size, isinstance(b, tuple), {p: "origin"}[Point(1, 2)])
print(sorted([Point(2, 1), Point(1, 5)]), max(Point(3, 4)))
try:
    Point(1)
except TypeError as e:
    print(e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print(e)
try:
    defaultdict(3)
except TypeError as e:
    print(e)
try:
    OrderedDict().popitem()
except KeyError as e:
    print(repr(e))
print(OrderedDict({"k": 1})["missing"])
