# Subclasses of list, dict, tuple, str and int, as course code writes them: a registry dict, an
# attribute dict, a stack, super() calls into the built-in methods, __missing__.
class Registry(dict):
    def register(self, name):
        def deco(fn):
            self[name] = fn
            return fn
        return deco

reg = Registry()

@reg.register("relu")
def relu(x):
    return max(0, x)

print(list(reg), reg["relu"](-3), len(reg), "relu" in reg, isinstance(reg, dict))


class AttrDict(dict):
    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k)

    def __setattr__(self, k, v):
        self[k] = v


cfg = AttrDict(lr=0.1, epochs=3)
cfg.bs = 64
print(cfg.lr, cfg, cfg.bs, sorted(cfg.items()))
try:
    cfg.momentum
except AttributeError as e:
    print("AttributeError:", e)


class Stack(list):
    def push(self, x):
        self.append(x)

    def peek(self):
        return self[-1]


s = Stack()
s.push(1)
s.push(2)
s += [3]
print(s, s.peek(), s.pop(), s, len(s), s == [1, 2], s[0], s[:1], type(s[:1]).__name__)
print(bool(Stack()), list(reversed(s)), sum(s), sorted(Stack([3, 1, 2])))
for i, x in enumerate(s):
    print(i, x, end="; ")
print()


class LoggingList(list):
    def __init__(self, items, name):
        super().__init__(items)
        self.name = name

    def append(self, x):
        print(f"{self.name}: append {x}")
        super().append(x * 2)

    def __getitem__(self, i):
        print(f"{self.name}: get {i}")
        return super().__getitem__(i)


l = LoggingList([1, 2], "losses")
l.append(3)
print(l, l[2], l.name, l.__dict__, LoggingList.__mro__)


class Defaults(dict):
    def __missing__(self, key):
        return f"<{key}>"


d = Defaults(a=1)
print(d["a"], d["zz"], d.get("zz"), d, "zz" in d)


class CountingDict(dict):
    def __setitem__(self, k, v):
        print("set", k, v)
        super().__setitem__(k, v)


cd = CountingDict()
cd["x"] = 1
cd.update(y=2)  # dict.update does not call __setitem__
print(cd, dict(cd), {**cd, "z": 3}, cd == {"x": 1, "y": 2})


class Path(str):
    def __truediv__(self, other):
        return Path(self + "/" + other)


p = Path("data") / "train" / "x.csv"
print(p, repr(p), type(p).__name__, p.upper(), len(p), p.split("/"), f"{p:>20}|")


class Point(tuple):
    def norm1(self):
        return sum(abs(v) for v in self)


pt = Point([3, -4])
print(pt, pt.norm1(), pt[1], len(pt), pt + (1,), hash(pt) == hash((3, -4)))


class Epoch(int):
    def describe(self):
        return f"epoch {self:03d} of {self + 1}"


e = Epoch(7)
print(e, e.describe(), e * 2, 10 - e, e == 7, e < 8, -e, abs(Epoch(-2)), {e: "x"}[7], range(e)[-1])

print(hasattr([1], "__len__"), hasattr({}, "__iter__"), hasattr(3, "__add__"), hasattr("s", "__getitem__"))
print([1, 2].__len__(), {"a": 1}.__getitem__("a"), "ab".__contains__("a"), (2).__mul__(3), int.__add__(1, 2))
print(int.__add__, list.__len__, list.__getitem__, dict.__contains__)
print((5).__add__("x"), float.__mul__(2.0, 3.0))
try:
    int.__add__(1.0, 2)
except TypeError as err:
    print("TypeError:", err)
try:
    list.__len__(())
except TypeError as err:
    print("TypeError:", err)
try:
    hash(Stack())
except TypeError as err:
    print("TypeError:", err)
