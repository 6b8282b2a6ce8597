import math
print(math.sqr(2))
