# dict lookups whose __eq__ / __hash__ change the dict, and changing a dict while iterating it
class Key:
    def __init__(self, v, d):
        self.v = v
        self.d = d
    def __hash__(self):
        return 7
    def __eq__(self, other):
        self.d.clear()
        for i in range(20):
            self.d[i] = i
        return False

d = {}
d[Key(1, d)] = "a"
k = Key(2, d)
print(k in d, len(d))
print(d.get(Key(3, d)), len(d))
d = {}
d[Key(1, d)] = 1
d[Key(2, d)] = 2
print(len(d))

class Grow:
    def __init__(self, d):
        self.d = d
    def __hash__(self):
        self.d[len(self.d) + 100] = 0
        return 1
    def __eq__(self, other):
        return self is other
d = {1: 1}
print(Grow(d) in d, len(d))

d = {1: 1, 2: 2}
try:
    for k in d:
        d[k + 10] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
print(d)
d = {1: 1, 2: 2}
try:
    for k, v in d.items():
        del d[k]
except RuntimeError as e:
    print("RuntimeError:", e)
print(d)
d = {1: 1, 2: 2}
try:
    for v in d.values():
        d.pop(1)
        d[3] = 3
except RuntimeError as e:
    print("RuntimeError:", e)
print(d)
d = {1: 1, 2: 2}
it = iter(d)
next(it)
d[5] = 5
for attempt in range(2):
    try:
        next(it)
    except RuntimeError as e:
        print("RuntimeError:", e)
d = {1: 1, 2: 2}
for k in d:
    d[k] = k * 10
print(d)
d = {1: 1}
for k in d:
    d[2] = 2
