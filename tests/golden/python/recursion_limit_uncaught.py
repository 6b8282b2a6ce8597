# An unbounded recursion: CPython's RecursionError and its traceback, the repeated line counted
def fact(n):
    return n * fact(n - 1)


print(fact(5) if False else "start")
fact(5)
