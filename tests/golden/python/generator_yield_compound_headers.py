# yield in the positions CPython allows beyond simple statements: with items, decorators,
# default values, class bases and keywords, and a few simple statements.
class Manager:
    def __init__(self, n):
        self.n = n

    def __enter__(self):
        print("enter", self.n)
        return self.n

    def __exit__(self, *exc):
        print("exit", self.n)


def announce(f):
    print("decorating", f.__name__)
    return f


def gen():
    with (yield "manager") as v:
        print("in with", v)
    with Manager(1) as a, (yield "second manager") as b:
        print("body", a, b)

    @(yield "decorator")
    def h(x=(yield "default"), *, k=(yield "keyword default")):
        return x, k

    print(h.__name__, h())
    f = lambda y=(yield "lambda default"): y * 2
    print(f())

    class C((yield "base"), metaclass=(yield "metaclass")):
        pass

    print(C.__name__, [k.__name__ for k in C.__mro__])

    @announce
    @(yield "class decorator")
    class D:
        pass

    print(D.__name__)
    assert (yield "assert")
    doubled = [x * 2 for x in (yield "iterable")]
    print(doubled)
    target = (yield "del")
    del target[0]
    print("left", target)
    raise (yield "exception")


it = gen()
print(next(it))
for value in [Manager(0), Manager(2), announce, 10, 20, 21, object, type, lambda c: c, True, [1, 2], [5, 6, 7]]:
    print(it.send(value))
try:
    it.send(ValueError("sent in"))
except ValueError as e:
    print("raised:", e)


def late():
    with Manager("outer"):
        with (yield "inner manager"):
            print("innermost")


g = late()
print(next(g))
try:
    g.send(Manager("inner"))
except StopIteration:
    print("done")
g = late()
next(g)
g.close()
print("closed")


def broken():
    with (yield "please"):
        pass


b = broken()
next(b)
b.send(42)
