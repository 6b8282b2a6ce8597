# functools: partial (with its repr), reduce, wraps.
import functools
from functools import partial, reduce, wraps


def power(base, exp, *, mod=None):
    r = base ** exp
    return r % mod if mod else r


square = partial(power, exp=2)
cube = functools.partial(power, exp=3)
two_to = partial(power, 2)
print(square(5), cube(2), two_to(10), two_to(10, mod=1000), square(3, exp=4))
print(square.func is power, square.args, square.keywords, two_to.args, two_to.keywords)
print(repr(two_to), square, partial(len), partial(print, 1, "a", sep="-"))
p2 = partial(square, mod=7)
print(p2(4), p2.func is power, p2.keywords)
print(partial(max, 3)(1), partial(sorted, key=len)(["ccc", "a", "bb"]))
print(list(map(partial(int, base=2), ["101", "11"])))

print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 6), 1))
print(reduce(lambda acc, x: acc + [x * 2], [1, 2], []), reduce(max, [3, 9, 2]), reduce(lambda a, b: a + b, ["a", "b"], ""))
print(functools.reduce(lambda a, b: a + b, [], 0), reduce(lambda a, b: a + b, [5]))


def logged(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        "the wrapper"
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


@logged
def area(w, h):
    "width times height"
    return w * h


print(area(2, 3), area.__name__, area.__doc__, area.__wrapped__.__name__)

for bad in [lambda: reduce(lambda a, b: a, []), lambda: partial(), lambda: partial(3), lambda: reduce(max, 5),
            lambda: functools.partial.__call__(5)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
square()
