# A function made in a comprehension sees the comprehension's variables, late bound as in CPython.
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
print([(lambda x: x + i)(1) for i in range(3)])


def make():
    return [lambda: k * 10 for k in range(3)]


print([f() for f in make()])
print({k: (lambda: k * 2)() for k in "ab"})
adders = {n: (lambda x: x + n) for n in range(3)}
print(adders[0](10), adders[2](10))
g = (lambda: j for j in range(2))
print([f() for f in list(g)])
print([[(lambda: (a, b))() for b in range(2)] for a in range(2)])


def outer():
    base = 100
    return [lambda: base + i for i in range(2)]


print([f() for f in outer()])
bound = [lambda i=i: i for i in range(3)]
print([f() for f in bound])
print(sorted(["bb", "a", "ccc"], key=lambda s: len(s)), [sorted(w, key=lambda c: -ord(c)) for w in ["ab", "cd"]])
squares = {x: [lambda: x * x][0] for x in range(3)}
print([squares[x]() for x in range(3)])


def shadow(i):
    return [(lambda: i)() for i in range(i)]


print(shadow(3))
