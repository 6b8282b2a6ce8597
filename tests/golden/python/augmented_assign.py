x = 10
x += 5; print(x)
x -= 3; print(x)
x *= 2; print(x)
x /= 4; print(x)
x //= 2; print(x)
y = 7
y %= 4; print(y)
y **= 3; print(y)
y <<= 2; print(y)
y >>= 1; print(y)
y &= 6; print(y)
y |= 9; print(y)
y ^= 5; print(y)
s = "ab"
s += "cd"
lst = [1]
alias = lst
lst += [2]
t = (1,)
talias = t
t += (2,)
print(s, lst, alias, lst is alias, t, talias)
d = {"k": 1}
d["k"] += 1
class C:
    pass
c = C()
c.v = 1
c.v *= 10
print(d, c.v)
