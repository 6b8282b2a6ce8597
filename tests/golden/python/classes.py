class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)
    def __eq__(self, other):
        return self.x == other.x and self.y == other.y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
p = Point(1, 2)
q = Point(3, 4)
print(p, q, p + q, p == Point(1, 2), p != q, p.norm2(), Point.dims, p.dims)
print(type(p).__name__, isinstance(p, Point), isinstance(3, Point), hasattr(p, "x"), hasattr(p, "z"))
print(getattr(p, "y"), getattr(p, "z", "default"))
p.z = 9
print(p.z, str(p), repr(p))
class Counter:
    def __init__(self):
        self.n = 0
    def __call__(self):
        self.n += 1
        return self.n
    def __len__(self):
        return self.n
    def __str__(self):
        return "Counter with " + str(self.n)
c = Counter()
c(); c()
print(c(), len(c), str(c), bool(c))
