data = [1, 2, 3]
total = 0
for i in range(4):
    total += data[i]
