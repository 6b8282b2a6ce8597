def f(a, b, *, c):
    return a + b + c
for call in [lambda: f(1, 2), lambda: f(1, 2, 3), lambda: f(1, c=3), lambda: f(1, 2, c=3, d=4), lambda: f(1, a=1, c=2)]:
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)
def g(x, y, z):
    pass
try:
    g()
except TypeError as e:
    print(e)
try:
    g(1)
except TypeError as e:
    print(e)
try:
    len()
except TypeError as e:
    print(e)
try:
    len(1, 2)
except TypeError as e:
    print(e)
try:
    len(5)
except TypeError as e:
    print(e)
