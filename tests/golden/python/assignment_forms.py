a = b = c = 7
print(a, b, c)
x, y = 1, 2
x, y = y, x
print(x, y)
(p, q), r = (1, 2), 3
[s, t] = "st"
print(p, q, r, s, t)
first, *middle, last = range(6)
print(first, middle, last)
*head, tail = [1]
print(head, tail)
a, (b, *c), d = 1, (2, 3, 4), 5
print(a, b, c, d)
for i, (k, v) in enumerate({"a": 1, "b": 2}.items()):
    print(i, k, v)
class Box:
    pass
box = Box()
box.w = box.h = 3
lst = [0, 0, 0]
lst[0], box.d = 10, 20
lst[-1] = lst[1] = 5
print(box.w, box.h, box.d, lst)
grid = [[0, 0], [0, 0]]
grid[1][0] = 9
d = {}
d["k"] = d["j"] = []
d["k"].append(1)
print(grid, d, d["k"] is d["j"])
m, n = divmod(17, 5)
u, v = "hi"
(w,) = [42]
print(m, n, u, v, w)
lst[0:2] = [7]
print(lst)
i = 0
lst = [1, 2, 3]
i, lst[i] = 1, 99
print(i, lst)
x = y = []
x.append(1)
print(x, y, x is y)
try:
    a, b = 1, 2, 3
except ValueError as e:
    print(e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print(e)
try:
    a, b = 5
except TypeError as e:
    print(e)
try:
    a, *b, c = [1]
except ValueError as e:
    print(e)
(u2, v2) = 3, 4
[s2, t2] = [5, 6]
count: int = 7
a, (b, *c), d = 1, (2, 3, 4), 5
print(u2, v2, s2, t2, count, a, b, c, d)
