x = 1if True else 2
ys = [1for i in range(3)]
z = 0x1f or 0
print(x, ys, z, 1 if 0else 7)
print(3in [3], 4is 4, 1and 0, 1or 5, 2not in [1])
