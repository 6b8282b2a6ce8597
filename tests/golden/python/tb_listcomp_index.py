m = [[1, 2], [3]]
print([row[1] for row in m])
