# A StopIteration escaping a generator's body becomes RuntimeError (PEP 479).
def firsts(rows):
    for row in rows:
        yield next(iter(row))

print(list(firsts([[1], [2, 3]])))
print(list(firsts([[1], []])))
