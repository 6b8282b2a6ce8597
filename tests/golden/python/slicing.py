a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[::3], a[1:8:2], a[::-2], a[8:2:-1], a[100:], a[-100:2])
s = "abcdefgh"
print(s[1:-1], s[::-1], s[5:1], s[::4])
a[::2] = [0] * 5
print(a)
del a[1::2]
print(a)
t = tuple(range(6))
print(t[1:4], t[::-1])
sl = slice(1, 5, 2)
print(sl, a[sl] if len(a) > 4 else a, sl.start, sl.stop, sl.step)
