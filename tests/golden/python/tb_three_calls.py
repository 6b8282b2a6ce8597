def f():
    return g()
def g():
    return h()
def h():
    return 1 + None
f()
