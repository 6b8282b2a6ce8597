def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"

print(list(count(4)))
g = count(2)
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", repr(e), e.value)
print(next(g, "dflt"))

def nat():
    i = 0
    while True:
        yield i
        i += 1

for a, b in zip(nat(), "abc"):
    print(a, b)

def echo():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x

e = echo()
print(next(e))
print(e.send(5))
print(e.send(10))
try:
    e.send(None)
except StopIteration as s:
    print("ended", s.args)

def inner():
    yield 1
    yield 2
    return "inner-ret"

def outer():
    r = yield from inner()
    print("got", r)
    yield from [10, 20]
    yield from (x * x for x in range(3))

print(list(outer()))
print(sum(x * 2 for x in range(5)))
gen = (x for x in range(3))
print(type(gen).__name__)
print(next(gen), list(gen))

def tf():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")

t = tf()
print(next(t))
t.close()
print("closed")
for v in tf():
    print(v)

def withexc():
    for i in range(3):
        try:
            if i == 1:
                raise ValueError("one")
            yield i
        except ValueError as err:
            yield "caught " + str(err)
        else:
            yield "else"
print(list(withexc()))
print(dict((k, k * k) for k in range(3)))
