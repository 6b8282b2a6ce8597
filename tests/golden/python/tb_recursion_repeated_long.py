# An uncaught exception raised 950 calls deep: the traceback counts the repeated line
seen = []
def f(n):
    try:
        if n == 0:
            raise ValueError("bottom")
        return f(n - 1)
    finally:
        seen.append(n)
try:
    f(950)
except ValueError as e:
    print(e, len(seen), seen[0], seen[-1])
f(950)
