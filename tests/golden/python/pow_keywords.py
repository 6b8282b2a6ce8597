# pow(base, exp, mod=None) takes its arguments by keyword too, as functools.partial passes them.
from functools import partial

square = partial(pow, exp=2)
print(square(7), pow(base=2, exp=10), pow(3, exp=4, mod=5), list(map(square, range(4))))
for bad in [lambda: pow(2, base=3), lambda: pow(exp=2), lambda: pow(2, 3, base=1), lambda: pow(2, exp=3, z=1)]:
    try:
        bad()
    except TypeError as e:
        print(e)
square()
