# The operator module as course code uses it: sort keys, reduce, and the operators as functions.
import functools
import operator
from operator import attrgetter, itemgetter

pairs = [("b", 2), ("a", 3), ("c", 1)]
print(sorted(pairs, key=itemgetter(1)), sorted(pairs, key=itemgetter(0), reverse=True))
print(max(pairs, key=operator.itemgetter(1)), itemgetter(0, 1)(pairs[0]), itemgetter(slice(1, None))([1, 2, 3]))
word_counts = {"the": 5, "cat": 2, "sat": 2}
print(sorted(word_counts.items(), key=itemgetter(1, 0), reverse=True))
print(functools.reduce(operator.mul, range(1, 6)), functools.reduce(operator.add, [[1], [2], [3]]))


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
        self.meta = type("Meta", (), {"tag": f"p{x}"})()

    def norm(self, scale=1):
        return (self.x**2 + self.y**2) * scale

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


points = [Point(3, 4), Point(1, 1), Point(0, 2)]
print(sorted(points, key=attrgetter("x")), attrgetter("x", "y")(points[0]), attrgetter("meta.tag")(points[1]))
print(list(map(operator.methodcaller("norm", scale=2), points)))
print(operator.add(1, 2), operator.sub(5, 3), operator.truediv(1, 4), operator.floordiv(7, 2), operator.mod(7, 3))
print(operator.pow(2, 8), operator.neg(3), operator.not_(0), operator.truth([1]), operator.abs(-2.5), operator.index(7))
print(operator.eq(1, 1.0), operator.lt("a", "b"), operator.ge(2, 3), operator.is_(None, None), operator.contains([1, 2], 2))
print(operator.getitem({"k": 9}, "k"), operator.concat([1], [2]), operator.and_(6, 3), operator.or_(4, 1), operator.xor(5, 1))
print(list(map(operator.add, [1, 2], [10, 20])))
try:
    operator.add(1, "a")
except TypeError as e:
    print(e)
