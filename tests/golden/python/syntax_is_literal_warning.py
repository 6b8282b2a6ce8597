x = 5
print(x is 5, x is not "a", x is -1, x is (1, 2), x is None, x is ..., x is (x, 1), 1 is x is 2)


def f(a):
    if a is 0:
        return 1
    return a is not ()


print(f(0), f(1))
