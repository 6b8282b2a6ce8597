try:
    import nonexistent_module
except ImportError as e:
    print(type(e).__name__, e)
from math import sqrt, pi as PI
print(sqrt(9), PI)
import math as m
print(m.sqrt(4))
try:
    m.nothing
except AttributeError as e:
    print(e)
