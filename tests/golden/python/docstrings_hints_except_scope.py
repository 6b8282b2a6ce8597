def area(radius: float, scale: int = 1) -> float:
    """Return the area of a circle."""
    return 3.14159 * radius ** 2 * scale
print(area(2.0), area.__doc__, area.__name__)
class Shape:
    """A shape."""
    sides: int = 0
    def __init__(self, name: str) -> None:
        self.name: str = name
print(Shape.__doc__, Shape("sq").name, Shape.sides)
try:
    1 / 0
except Exception as e:
    pass
try:
    print(e)
except NameError as err:
    print("NameError:", err)
f = lambda *args, **kw: (args, kw)
print(f(1, 2, a=3))
x = 1; y = 2; print(x + y)
class P:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return isinstance(other, P) and self.v == other.v
print(P(1) == P(1), P(1) != P(2), P(1) == 1)
try:
    {P(1): 1}
except TypeError as e:
    print("TypeError:", e)
lst = [5, 6, 7]
del lst[:]
print(lst)
values = [1, 2, 3, 4]
for i in range(len(values) - 1, -1, -1):
    print(i, end=" ")
print()
def outer(n):
    def inner(k=n * 2):
        return k + n
    return inner
print(outer(3)(), outer(3)(1))
try:
    import not_a_real_module as nm
except ImportError as e:
    print("no module:", type(e).__name__, e)
print(f"{'nested ' + 'expr'!r:>20}|", f"{{literal}} {3 * '='}", f"{[1, 2][-1]}", f"{ {'k': 1}['k'] }")
