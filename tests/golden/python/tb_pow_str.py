import math
def area(r):
    return math.pi * r ** 2
print(area("3"))
