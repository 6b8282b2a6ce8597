def gate():
    n = 0
    while (yield n):
        n += 1
        print("looping", n)
    print("gate closed at", n)
    return n

g = gate()
print(next(g))
print(g.send(True), g.send("yes"))
try:
    g.send(0)
except StopIteration as e:
    print("stopped with", e.value)

def choose():
    if (yield "question"):
        print("yes branch")
    elif (yield "second"):
        print("elif branch")
    else:
        print("else branch")
    yield "done"

for answers in [(True,), (False, True), (False, False)]:
    c = choose()
    print(next(c))
    for a in answers:
        print(c.send(a))

def consumer():
    for item in (yield "give me a list"):
        print("item", item)
        yield item * 2
    total = 0
    while total < 10:
        total += (yield total)
    x = yield
    print("x is", x)

c = consumer()
print(next(c))
print(c.send([1, 2, 3]))
print(next(c), next(c))
print(next(c))
print(c.send(4), c.send(7))
try:
    c.send("last")
except StopIteration:
    print("finished")

def scaled(k):
    if k * (yield k) > 10:
        yield "big"
    else:
        yield "small"
s = scaled(3)
print(next(s), s.send(4))
s = scaled(3)
print(next(s), s.send(2))

def nested():
    for i in range(2):
        if (yield i) == "skip":
            continue
        print("after", i)

n = nested()
print(next(n), n.send("skip"))
try:
    n.send(None)
except StopIteration:
    print("nested done")

def thrower():
    try:
        while (yield "ready"):
            pass
    except ValueError as e:
        print("caught", e)
        yield "recovered"
t = thrower()
print(next(t), t.send(1), t.throw(ValueError("bad")))

def bad_header():
    if (yield 1) + "x":
        pass
b = bad_header()
next(b)
b.send(5)
