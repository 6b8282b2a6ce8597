box = [[]]
[box.append([box.pop()]) for i in range(100000)]
print("built")
print(box)
