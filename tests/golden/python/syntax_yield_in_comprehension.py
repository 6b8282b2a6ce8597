def pairs(n):
    yield from range(n)
    return [(yield k) for k in range(n)]


print(list(pairs(3)))
