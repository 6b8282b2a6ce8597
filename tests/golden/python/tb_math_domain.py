import math
r = -1
area = math.pi * math.sqrt(r) ** 2
