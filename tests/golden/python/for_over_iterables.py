for i in range(3):
    print("range", i)
for i in range(10, 0, -4):
    print("range step", i)
for x in [1.5, "s", None]:
    print("list", x)
for x in (1, (2, 3)):
    print("tuple", x)
d = {"b": 2, "a": 1, "c": 3}
for k in d:
    print("dict", k, d[k])
for k, v in d.items():
    print("items", k, v)
for v in d.values():
    print("values", v)
for k in d.keys():
    print("keys", k)
for a, b in zip([1, 2, 3], "xyz"):
    print("zip", a, b)
for a, b, c in zip(range(5), [10, 20], (7, 8, 9)):
    print("zip3", a, b, c)
for i, ch in enumerate("hey"):
    print("enumerate", i, ch)
for i, (a, b) in enumerate(zip("ab", "cd"), 1):
    print("enumerate zip", i, a, b)
for ch in "hi":
    print("str", ch)
for x in sorted(d, key=d.get, reverse=True):
    print("sorted", x)
for x in reversed([1, 2, 3]):
    print("reversed", x)
for x in []:
    print("never")
else:
    print("empty loop else")
for row in [[1, 2], [3, 4]]:
    for v in row:
        print(v, end=" ")
print()
for x in (1, 2, 3):
    print("tuple item", x)
for i in range(10, 0, -3):
    print("countdown", i)
