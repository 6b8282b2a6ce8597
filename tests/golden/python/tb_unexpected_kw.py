def f(a):
    return a
f(a=1, b=2)
