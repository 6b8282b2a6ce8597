# A traceback through a recursion prints a line three times in a row at most, then counts the rest
def down(n):
    if n == 0:
        raise ValueError("bottom")
    return down(n - 1)


def ping(n):
    return pong(n) if n else down(4)


def pong(n):
    return ping(n - 1)


for n in (2, 3, 4, 50):
    try:
        down(n)
    except ValueError as e:
        print(n, e)
try:
    ping(3)
except ValueError:
    print("ping")
seen = []


def deep(n):
    try:
        return deep(n - 1) if n else 1 / 0
    finally:
        seen.append(n)


try:
    deep(900)
except ZeroDivisionError:
    print(len(seen))
ping(2)
