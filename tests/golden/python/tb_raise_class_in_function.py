def check(n):
    if n < 0:
        raise ValueError
    return n
check(-1)
