# set and frozenset: displays, set(), operators, methods, and the order CPython prints ints in.
print({3, 1, 2}, {10, 2, 33, 4, 8}, {-1, -2, 7, 8, 16}, set(), frozenset())
print(set([5, 3, 5, 1]), set(range(20, 0, -3)), {100, 7, 1000, 64})
print(sorted(set("hello")), len(set("hello")), "l" in set("hello"))
s = {1, 9}
s.discard(1)
s.add(17)
print(s)
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union([9, 8]), a.intersection(range(3)), a.difference({1}, [2]), a.symmetric_difference([4, 6]))
print(a <= b, {3} <= b, {3} < b, b < b, b <= b, a >= {1, 2}, a > a, a == {4, 3, 2, 1}, a != b)
print(a.issubset(range(10)), a.issuperset([1, 2]), a.isdisjoint([7]), a.isdisjoint(b))
c = a.copy()
c.add(0)
c.update([11, 12], (13,))
c.remove(2)
c.discard(99)
print(c, a)
print(c.pop(), c.pop(), c)
c.clear()
print(c, len(c), bool(c), bool(a))
d = {1, 2}
d |= {3}
d &= {1, 3, 4}
d -= {1}
d ^= {5, 3}
print(d)
e = {1, 2, 3}
e.intersection_update([2, 3, 4])
e.difference_update([3])
e.symmetric_difference_update([7, 2])
print(e)
f = frozenset([3, 2, 1])
print(f, f | {9}, {9} | f, f & {1}, type(f | {9}).__name__, type({9} | f).__name__)
print(hash(frozenset({1, 2})) == hash(frozenset({2, 1})), {f: "x"}[frozenset({1, 2, 3})])
print(f == {1, 2, 3}, frozenset() == set(), {frozenset({1}), frozenset({1})})
print({x % 5 for x in range(12)}, {x: x * x for x in range(4)}, {(i, j) for i in range(2) for j in range(2)} == {(0, 0), (0, 1), (1, 0), (1, 1)})
print(sorted({"b", "a", "c"}), sum({1, 2, 3}), max({4, 8, 2}), list({7, 3}), tuple(sorted({2, 1})))
print({True, 1, 1.0}, {0, False}, {1, 2} == {2, 1}, 2 in {1, 2}, 3 not in {1, 2})
print({*[1, 2], *range(3, 5)}, set({1: "a", 2: "b"}), set(x for x in [4, 4, 5]))
big = set()
for i in range(0, 200, 7):
    big.add(i)
print(big)
for i in range(0, 100, 3):
    big.discard(i)
print(big, len(big))
for x in {8, 3, 5}:
    print(x, end=" ")
print()
try:
    {[1, 2]}
except TypeError as err:
    print(err)
try:
    set().pop()
except KeyError as err:
    print(repr(err))
try:
    {1}.remove(5)
except KeyError as err:
    print(repr(err))
try:
    print({1} | [2])
except TypeError as err:
    print(err)
try:
    {1: 2}[{1}] = 3
except TypeError as err:
    print(err)
try:
    for x in s:
        s.add(x + 100)
except RuntimeError as err:
    print(err)
print(repr(set()), str({1}), f"{ {1, 2} }", [frozenset({2, 1})])
print({1, 2} | {[3]})
