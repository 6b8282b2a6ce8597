# dir() and vars() inside functions with cells and free variables, in CPython's order.
def outer(p, q):
    zeta = 1
    alpha = 2

    def inner():
        return alpha + p + zeta

    mid = 3
    print(vars())
    print(dir())

    def reader():
        print(dir(), vars())
        total = zeta + p
        print(dir(), vars())
        nonlocal alpha
        alpha = 10
        print(vars())
        return total

    reader()
    return inner


print(outer(7, 8)())


def keeps_one_dict():
    a = 1
    first = vars()
    b = 2
    second = vars()
    print(first is second, list(second))
    del a
    print(list(vars()), sorted(dir()))


keeps_one_dict()


def cell_deleted():
    n = 0

    def bump():
        nonlocal n
        n += 1

    print(dir(), sorted(vars()))
    bump()
    print(vars()["n"])
    del n
    print(dir(), sorted(vars()))


cell_deleted()


def not_yet_bound():
    def later():
        return q

    print(dir())
    q = 3
    print(dir(), later())


not_yet_bound()


def through_a_middle():
    shared = "s"

    def middle():
        print("middle", dir())

        def deepest():
            return shared

        return deepest

    return middle()()


print(through_a_middle())


def with_lambda(base):
    add = lambda x: x + base
    print(sorted(vars()), add(1))


with_lambda(10)


def comprehension_names():
    i = 5

    def inner():
        return [i for i in range(3)], [y for x in [[1], [2]] for y in x]

    print(vars(), inner())


comprehension_names()
