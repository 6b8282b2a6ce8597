# yield inside a larger expression: the value sent in takes the yield's place.
def echo():
    received = []
    while True:
        x = (yield len(received))
        if x is None:
            break
        received.append(x)
    return received


e = echo()
print(next(e))
print(e.send("a"))
print(e.send("b"))
try:
    e.send(None)
except StopIteration as stop:
    print("returned", stop.value)


def adder():
    total = 0
    while True:
        total = total + (yield total)


a = adder()
next(a)
for v in [1, 2, 3]:
    print(a.send(v))


def printer():
    print("got", (yield))
    print("and", (yield "second"), "then", (yield "third"))
    return (yield "last")


p = printer()
print(next(p))
print(p.send(1))
print(p.send(2))
try:
    p.send(3)
    p.send("done")
except StopIteration as stop:
    print("stop", stop.value)


def calls(xs):
    log = []
    for x in xs:
        log.append(str(x) + ":" + str((yield x * 10)))
    yield log


def side(tag):
    print("evaluated", tag)
    return tag


def once():
    y = side("left") + (yield "paused") + side("right")
    yield y


c = calls([1, 2])
print(next(c), c.send("one"), c.send("two"))
o = once()
print(next(o))
print(o.send("-middle-"))


def sub():
    got = yield "from sub"
    return "sub returned " + str(got)


def outer():
    result = "<" + (yield from sub()) + ">"
    yield result


g = outer()
print(next(g))
print(g.send(7))


def thrown():
    try:
        value = 1 + (yield "ready")
    except ValueError as err:
        print("caught", err)
        value = -1
    yield value


t = thrown()
next(t)
print(t.throw(ValueError("bad")))
t = thrown()
next(t)
print(t.send(41))


def keyed():
    d = {"a": (yield 1), "b": [(yield 2), (yield 3)]}
    yield d


k = keyed()
print(next(k), k.send("x"), k.send("y"), k.send("z"))


def twice():
    x = yield (yield 1)
    print("x", x)
    total = 0
    total += yield x
    yield total


w = twice()
print(next(w), w.send("a"), w.send("b"), w.send(5))
