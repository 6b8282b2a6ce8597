# Changing a dict's size while any iterator walks it raises RuntimeError, whatever wraps the
# iterator (enumerate, zip, map, a comprehension, a generator).
d = {1: 1, 2: 2}
try:
    for i, k in enumerate(d):
        d[k + 100] = 1
except RuntimeError as e:
    print("enumerate:", e)
d = {1: 1, 2: 2}
try:
    for a, b in zip(d, [1, 2, 3]):
        d[a + 100] = 1
except RuntimeError as e:
    print("zip:", e)
d = {1: 1, 2: 2}
try:
    for k, v in d.items():
        del d[k]
except RuntimeError as e:
    print("items:", e)
d = {1: 1, 2: 2}
try:
    for v in d.values():
        d[v + 10] = 0
except RuntimeError as e:
    print("values:", e)
d = {1: 1, 2: 2}
try:
    for k in d.keys():
        d.pop(k)
except RuntimeError as e:
    print("keys:", e)
d = {1: 1, 2: 2}
try:
    print([d.setdefault(k + 5, 0) for k in d])
except RuntimeError as e:
    print("comprehension:", e)
d = {1: 1, 2: 2}
try:
    for i, (k, v) in enumerate(d.items()):
        d[k + 100] = v
except RuntimeError as e:
    print("enumerate items:", e)
d = {1: 1, 2: 2}
it = iter(d)
next(it)
d[3] = 3
try:
    next(it)
except RuntimeError as e:
    print("next:", e)
d = {1: 1, 2: 2}
for k in d:
    d[k] = d[k] + 1
print(d)
d = {1: 1, 2: 2}
try:
    print(sorted(k for k in d if d.setdefault(k + 10, 1)))
except RuntimeError as e:
    print("genexp:", e)
d = {1: 1, 2: 2}
try:
    print(list(map(lambda k: d.setdefault(k + 10, 1), d)))
except RuntimeError as e:
    print("map:", e)
