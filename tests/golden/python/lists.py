a = [3, 1, 2]
a.append(5)
a.extend([7, 8])
a.insert(0, 9)
print(a, len(a), a[0], a[-1], a[1:3], a[::2], a[::-1])
a.remove(7)
print(a.pop(), a.pop(0), a, a.index(2), a.count(1))
a.sort()
print(a, sorted([5, 2, 9], reverse=True), sorted(["bb", "a", "ccc"], key=len))
a[1:3] = [10, 20, 30]
print(a)
del a[0]
print(a, 2 in a, 10 in a, [1, 2] + [3], [0] * 3, [[1, 2], [3]])
b = a
b.append(99)
print(a is b, a == b, a == list(b), a is list(b))
a.reverse()
print(a, min(a), max(a), sum(a), list(range(3)))
