# Iterators whose own callbacks use them again: the inner calls see what is left, and the outer
# call goes on once they return.
import itertools

it = itertools.accumulate([1, 2, 3, 4], lambda a, b: (print("inner", list(it)), a + b)[1])
print(next(it))
print(next(it))
print(list(it))


def pred(x):
    print("pred", x, list(t))
    return x < 3


t = itertools.takewhile(pred, [1, 2, 3, 4])
print(list(t))


def keep(x):
    print("keep", x, list(f))
    return x % 2


f = itertools.filterfalse(keep, [1, 2, 3, 4, 5])
print(list(f))


def mul(a, b):
    print("mul", a, b, next(s, None))
    return a * b


s = itertools.starmap(mul, [(1, 2), (3, 4), (5, 6)])
print(list(s))
