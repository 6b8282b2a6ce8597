l = [1, 2, 3, 4]
try:
    l[::2] = 5
except TypeError as e:
    print(e)
