for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, end=" ")
print()
pairs = []
for i in range(3):
    for j in range(3):
        if j > i:
            break
        pairs.append((i, j))
print(pairs)
