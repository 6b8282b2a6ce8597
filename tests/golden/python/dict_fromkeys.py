from collections import OrderedDict, defaultdict, Counter
print(dict.fromkeys("abc"))
print(dict.fromkeys(range(3), 0))
d = dict.fromkeys(["x", "y"], [])
d["x"].append(1)
print(d)
print({}.fromkeys((1, 2), "v"))
print(OrderedDict.fromkeys("ab", 1))
dd = defaultdict.fromkeys("ab")
print(dd, dd.default_factory)
class Reg(dict):
    def __setitem__(self, k, v):
        print("set", k, v)
        super().__setitem__(k, v)
r = Reg.fromkeys([1, 2], "z")
print(type(r).__name__, r)
print(list(dict.fromkeys([3, 1, 3, 2, 1])))
for bad in [lambda: dict.fromkeys(), lambda: dict.fromkeys(1, 2, 3), lambda: dict.fromkeys(5),
            lambda: dict.fromkeys([[1]]), lambda: dict.fromkeys("a", value=1), lambda: Counter.fromkeys("ab")]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
