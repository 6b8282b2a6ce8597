n = 17
n += 3; print("+=", n)
n -= 5; print("-=", n)
n *= -2; print("*=", n)
n //= 4; print("//=", n)
n %= 7; print("%=", n)
n **= 3; print("**=", n)
n /= 8; print("/=", n)
f = 2.5
f += 1; f *= 2; f -= 0.5; f /= 2; f //= 1; f **= 2; f %= 5
print(f)
b = 0b1100
b &= 0b1010; print("&=", b)
b |= 0b0001; print("|=", b)
b ^= 0b1111; print("^=", b)
b <<= 3; print("<<=", b)
b >>= 2; print(">>=", b)
s = "ab"; s *= 3; print(s)
lst = [1]; lst *= 3; print(lst)
class M:
    def __init__(self, v):
        self.v = v
    def __matmul__(self, other):
        return M(self.v * other.v)
    def __repr__(self):
        return f"M({self.v})"
m1 = M(2)
alias = m1
m1 @= M(5)
print(m1, alias, m1 is alias)
class Acc:
    def __init__(self):
        self.total = 0
    def __iadd__(self, other):
        self.total += other
        return self
a = Acc()
keep = a
a += 5
a += 6
print(a.total, a is keep)
counts = {"x": 0}
for ch in "xxyx":
    if ch in counts:
        counts[ch] += 1
print(counts)
xs = [1, 2, 3]
xs[1] *= 10
xs[-1] **= 2
print(xs)
try:
    n = 3
    n @= 2
except TypeError as e:
    print("TypeError:", e)
try:
    t = (1, 2)
    t[0] += 1
except TypeError as e:
    print("TypeError:", e)
