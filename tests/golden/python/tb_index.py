items = [1, 2, 3]
print(items[1])
print(items[10])
