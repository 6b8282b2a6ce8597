d = {"b": 2, "a": 1}
keys = d.keys()
values = d.values()
items = d.items()
print(keys, values, items)
d["c"] = 3
print(keys, len(keys), "c" in keys, 3 in values, ("a", 1) in items, ("a", 2) in items)
print(type(keys).__name__, type(values).__name__, type(items).__name__)
print(list(keys), sorted(keys), list(reversed(list(values))), sorted(items, key=lambda kv: kv[1], reverse=True))
for k, v in sorted(d.items()):
    print(k, "->", v)
print(max(d, key=d.get), min(d.values()), sum(d.values()), dict(zip(d.values(), d.keys())))
squares = map(lambda x: x * x, range(5))
print(type(squares).__name__, list(squares), list(squares))
print(list(map(str, [1, 2.5, None])), list(map(lambda a, b: a + b, [1, 2, 3], [10, 20])), list(map(len, ["a", "bb"])))
evens = filter(lambda x: x % 2 == 0, range(10))
print(type(evens).__name__, list(evens), list(filter(None, [0, "", "x", [], [0], None, 3])))
print(bin(10), bin(-10), bin(0), oct(64), oct(-8), hex(4095), hex(-255), bin(True))
print(hash(7) == hash(7), hash(7.0) == hash(7), hash("s") == hash("s"), hash((1, 2)) == hash((1, 2)), hash(True) == hash(1))
try:
    hash([1])
except TypeError as e:
    print("TypeError:", e)
try:
    hash({})
except TypeError as e:
    print("TypeError:", e)
print(len(list(map(print, ["side", "effects"]))))
try:
    list.append(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    dict.keys("x")
except TypeError as e:
    print("TypeError:", e)
try:
    dict([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    dict([(1, 2, 3)])
except ValueError as e:
    print("ValueError:", e)
try:
    getattr([], 5)
except TypeError as e:
    print("TypeError:", e)
