# repr / == / str of structures nested far deeper than the recursion limit, and freeing them
box = [[]]
[box.append([box.pop()]) for i in range(100000)]
x = box.pop()
try:
    repr(x)
except RecursionError as e:
    print("RecursionError:", e)
box = [[]]
[box.append([box.pop()]) for i in range(100000)]
y = box.pop()
try:
    print(x == y)
except RecursionError as e:
    print("RecursionError:", e)
box = [()]
[box.append((box.pop(),)) for i in range(100000)]
try:
    str(box)
except RecursionError as e:
    print("RecursionError:", e)
box = [{}]
[box.append({"k": box.pop()}) for i in range(100000)]
try:
    print(box)
except RecursionError as e:
    print("RecursionError:", e)
del x, y, box
box = [[]]
[box.append([box.pop()]) for i in range(1000000)]
del box
print("freed")
