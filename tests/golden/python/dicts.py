d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), "a" in d, "z" not in d)
print(list(d.keys()), list(d.values()), list(d.items()))
del d["b"]
print(d, d.pop("a"), d)
d.update({"x": 10}, y=20)
print(d, dict(a=1, b=2), dict([("k", "v")]), {1: "one", (1, 2): "tuple", None: 0})
for k, v in d.items():
    print(k, v)
for k in d:
    print(k, end=" ")
print()
print({k: v * 2 for k, v in d.items()}, d.setdefault("q", 5), d)
e = {}
e[1] = "int"
e[1.0] = "float"
e[True] = "bool"
print(e)
