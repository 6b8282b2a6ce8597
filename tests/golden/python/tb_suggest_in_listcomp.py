xs = [1, 2]
print([x for x in xs if y > 0])
