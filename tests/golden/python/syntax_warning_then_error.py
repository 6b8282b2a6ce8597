a = 1if True else 0
b = [2
c = 3x
