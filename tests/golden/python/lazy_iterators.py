# zip, enumerate, map, filter, range and reversed are lazy iterator objects, as in CPython.
def naturals():
    n = 0
    while True:
        print("  make", n)
        yield n
        n += 1

z = zip("ab", naturals())
print(type(z).__name__, repr(z)[:14])
print(next(z))
print(list(z))

e = enumerate(naturals(), start=10)
print(type(e).__name__, next(e), next(e))

m = map(lambda x: x * x, naturals())
print(type(m).__name__, next(m), next(m))

f = filter(lambda x: x % 3 == 0, naturals())
print(type(f).__name__, next(f), next(f))

for i, (a, b) in enumerate(zip(naturals(), map(str, naturals()))):
    if i == 2:
        break
    print(i, a, b)

r = range(3)
print(r, type(iter(r)).__name__, list(r))
rv = reversed([1, 2, 3])
print(type(rv).__name__, next(rv), list(rv))
it = iter([1, 2])
print(next(it), next(it), next(it, "end"))
print(list(zip()), list(zip([1, 2, 3], "ab", (True, False, None))))
print(dict(zip("xyz", range(3))))
print(list(map(pow, [2, 3], [3, 2])))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])))
pairs = zip([1, 2], [3, 4])
print(list(pairs), list(pairs))
