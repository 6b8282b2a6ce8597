values = [1, 2, 3
print(values)
