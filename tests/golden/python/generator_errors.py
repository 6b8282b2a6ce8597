# Errors raised in and around generators, caught, then one uncaught through two generator frames.
def gen():
    yield 1
    raise ValueError("bad item")

g = gen()
print(next(g))
try:
    next(g)
except ValueError as e:
    print("caught", e)
print(next(g, "exhausted"))

def stops():
    yield 1
    next(iter([]))
    yield 2

try:
    print(list(stops()))
except RuntimeError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)

def thrower():
    while True:
        try:
            yield "ready"
        except KeyError as k:
            print("handled", repr(k))

t = thrower()
print(next(t))
print(t.throw(KeyError("k")))
t.close()
print(next(t, "closed"))

def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2

s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print(e)

try:
    gen().send(1)
except TypeError as e:
    print(e)

def selfish():
    yield next(me)

me = selfish()
try:
    next(me)
except ValueError as e:
    print(e)

print(repr(gen())[:25])
print(StopIteration(7).value, StopIteration().value)

def deep(n):
    yield 10 // n

def pipeline(xs):
    for x in xs:
        yield from deep(x)

print(list(pipeline([1, 2, 5])))
for v in pipeline([3, 0]):
    print(v)
