# Python code that changes a list while native code walks it (sort, count, index, remove, in, ==)
l = [3, 1, 2]
try:
    l.sort(key=lambda x: (l.append(x), x)[1])
except ValueError as e:
    print("ValueError:", e)
print(l)

seen = []
l = [1, 2]
l.sort(key=lambda x: seen.append(list(l)) or x)
print(seen, l)

class Evil:
    def __init__(self, target):
        self.target = target
    def __eq__(self, other):
        self.target.clear()
        self.target.extend(range(3))
        return False
    def __repr__(self):
        return "Evil()"

class Lt:
    def __init__(self, v, target):
        self.v = v
        self.target = target
    def __lt__(self, other):
        self.target.append(self.v)
        return self.v < other.v
    def __repr__(self):
        return "Lt(%d)" % self.v

box = []
items = [Lt(i, box) for i in (5, 3, 4, 1)]
box.extend(items)
try:
    box.sort()
except ValueError as e:
    print("ValueError:", e)
print(box)

l = [0, 1, 2, 3]
e = Evil(l)
print(l.count(e), l)
l = [0, 1, 2, 3]
e = Evil(l)
try:
    l.index(e)
except ValueError as err:
    print("ValueError:", err)
l = [0, 1, 2, 3]
e = Evil(l)
try:
    l.remove(e)
except ValueError as err:
    print("ValueError:", err)
print(l)
l = [0, 1, 2, 3]
print(Evil(l) in l, l)
a = [Evil([]), 1]
b = [0, 1]
a[0].target = b
print(a == b, b)
a = [0, 1, 2]
b = [0, 1, 2]
class Shrink:
    def __eq__(self, other):
        del b[:]
        return True
a[0] = Shrink()
print(a == b, b)
print([Shrink(), 1] < [0, 2])
