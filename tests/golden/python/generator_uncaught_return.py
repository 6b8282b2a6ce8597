# The value a generator returns rides on StopIteration; next() without a default raises it.
def two():
    yield 1
    yield 2
    return "finished"

g = two()
print(next(g), next(g))
next(g)
