# global, nonlocal, closures (late binding), defaults evaluated once, keyword-only and *args/**kwargs.
counter = 0


def bump(by=1):
    global counter
    counter += by
    return counter


bump(); bump(5)
print(counter)


def make_counter():
    count = 0

    def inc():
        nonlocal count
        count += 1
        return count

    def get():
        return count

    return inc, get


inc, get = make_counter()
inc(); inc()
print(get(), inc(), make_counter()[1]())

fns = []
for i in range(3):
    fns.append(lambda: i)
print([f() for f in fns])
fns = [lambda i=i: i for i in range(3)]
print([f() for f in fns])
adders = []
for k in range(3):
    def add(x):
        return x + k
    adders.append(add)
print([a(10) for a in adders])


def outer():
    x = "outer"

    def middle():
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    return middle(), x


print(outer())


def append_to(item, bucket=[]):
    bucket.append(item)
    return bucket


print(append_to(1), append_to(2), append_to(3, []), append_to(4))
print(append_to.__defaults__)


def stamp(n=len("abc") * 2):
    return n


print(stamp(), stamp(1))


def f(a, b=2, *args, c, d=4, **kwargs):
    return a, b, args, c, d, kwargs


print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6, d=7))
print(f(*[1, 2], **{"c": 3, "z": 0}))


def kw_only(*, x, y=0):
    return x + y


print(kw_only(x=1), kw_only(y=2, x=3))


def pos(a, b, /, c):
    return a, b, c


print(pos(1, 2, 3), pos(1, 2, c=3))

for bad in [lambda: f(), lambda: f(1), lambda: f(1, c=1, a=2), lambda: kw_only(1), lambda: kw_only(),
            lambda: pos(a=1, b=2, c=3), lambda: stamp(1, 2), lambda: stamp(m=1), lambda: inc(1),
            lambda: make_counter(x=1), lambda: kw_only(x=1, z=2), lambda: (lambda q: q)()]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


def reads_before_assign():
    print(counter)
    counter = 1


def no_nonlocal():
    total = 0

    def add():
        total += 1
    add()


try:
    reads_before_assign()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
no_nonlocal()
