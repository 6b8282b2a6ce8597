t = (1, 2, 3)
print(t, t[1], t[1:], len(t), (1,), (), tuple([4, 5]), t + (4,), t * 2)
a, b, c = t
print(a, b, c)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abc"
print(init, last)
x, y = y, x = 1, 2
print(x, y)
print(t.index(2), t.count(3), (1, 2) < (1, 3), (1, 2) == (1, 2))
(p, q), r = (1, 2), 3
print(p, q, r)
