class V:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __repr__(self):
        return "V" + repr(tuple(self.xs))
    def __add__(self, o):
        if isinstance(o, V):
            return V(*[a + b for a, b in zip(self.xs, o.xs)])
        return V(*[a + o for a in self.xs])
    def __radd__(self, o):
        return self + o
    def __mul__(self, k):
        return V(*[a * k for a in self.xs])
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return V(*[-a for a in self.xs])
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __len__(self):
        return len(self.xs)
    def __iter__(self):
        return iter(self.xs)
    def __lt__(self, o):
        return sum(self.xs) < sum(o.xs)
    def __contains__(self, x):
        return x in self.xs
    def __bool__(self):
        return any(self.xs)
v = V(1, 2, 3)
print(v + V(1, 1, 1), v + 1, 1 + v, v * 2, 2 * v, -v, v[0], v[-1], len(v), list(v))
v[0] = 10
print(v, V(1) < V(2), 2 in v, 5 in v, bool(V(0, 0)), bool(v), sorted([V(3), V(1), V(2)]))
for x in v:
    print(x, end=",")
print()
w = v
w += V(1, 1, 1)
print(w, v, w is v)
