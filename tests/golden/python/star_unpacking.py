# Star-unpacking in targets, displays and calls.
a, *rest = [1, 2, 3]
*init, last = "abcd"
x, *mid, y = range(6)
print(a, rest, init, last, x, mid, y)
xs, ys = [1, 2], (3, 4)
print([*xs, *ys], (*xs, *ys), {*xs, *ys}, {**{"a": 1}, **{"b": 2, "a": 3}})


def f(*args, **kw):
    return args, kw


print(f(*xs, *ys, k=1, **{"z": 2}))
first, *others = (n * n for n in range(4))
print(first, others)
head, *tail = {3: "c", 1: "a"}
print(head, tail)
try:
    a, *b, c = [1]
except ValueError as e:
    print(e)
p, q, *r = "xy"
print(p, q, r)
