print([x * 2 for x in range(5)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print({k: len(k) for k in ["aa", "b"]})
print(sum(x * x for x in range(4)), max(len(w) for w in ["a", "abc"]))
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)])
x = "outer"
print([x for x in "ab"], x)
print([y for y in range(3)] + [0])
