# type(name, bases, dict) makes a class at run time, as a class statement does.
def describe(self):
    return f"{type(self).__name__}(x={self.x})"


Point = type("Point", (object,), {"x": 0, "describe": describe, "__repr__": describe})
p = Point()
p.x = 3
print(Point, Point.__name__, Point.__mro__, p.describe(), p, Point.x)
Point3 = type("Point3", (Point,), {"z": 1})
q = Point3()
print(q, isinstance(q, Point), Point3.__bases__, Point3.z, Point3.x)
Empty = type("Empty", (), {})
print(Empty, Empty.__mro__, type(Empty()).__name__)
for args in [(1, (), {}), ("A", [], {}), ("A", (), [])]:
    try:
        type(*args)
    except TypeError as e:
        print("TypeError:", e)
type("A", ())
