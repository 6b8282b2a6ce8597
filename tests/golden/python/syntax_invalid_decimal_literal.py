w = 3
y = 2x + 1
print(y)
