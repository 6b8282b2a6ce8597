# Slice assignment and deletion on lists, extended slices included.
l = list(range(10))
l[1:3] = ["a", "b", "c"]
print(l)
l[::2] = "VWXYZ!"
print(l)
del l[::3]
print(l)
l[2:2] = [0, 0]
print(l)
l[-2:] = (n for n in range(3))
print(l)
l[:] = []
print(l)
m = [5, 2, 8, 1]
m.sort(key=lambda v: -v)
print(m, sorted(m, reverse=True), sorted(["bb", "a", "ccc"], key=len, reverse=True))
print(min([3, 1], key=lambda v: -v), max([], default=None), min("xy", default=0), any([]), all([]))
l = [1, 2, 3, 4]
l[::2] = [1, 2, 3]
