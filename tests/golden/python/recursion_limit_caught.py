# Past 1,000 frames a call raises RecursionError, which a program may catch, as in CPython
def f(n):
    return f(n + 1)


try:
    f(0)
except RecursionError as e:
    print(type(e).__name__, e)


def depth(n):
    try:
        return depth(n + 1)
    except RecursionError:
        return n


print(depth(1))
print(sorted([3, 1, 2], key=lambda x: -x))
