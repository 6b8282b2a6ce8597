class Vec:
    def __init__(self, xs):
        self.xs = xs
    def __getitem__(self, i):
        return self.xs[i]
    def __add__(self, other):
        return Vec([a + b for a, b in zip(self.xs, other.xs)])
v = Vec([1, 2])
print(v[1])
print((v + Vec([1, "x"])).xs)
