# math functions beyond math_module_all: lcm, isqrt, log with a base, and the integer ones' errors.
import math
from math import lcm, isqrt, gcd, inf, nan
print(lcm(4, 6), lcm(3, 5, 7), lcm(), lcm(0, 5), lcm(-4, 6), gcd(), gcd(12, -18, 8), lcm(2**40, 3**20))
print(isqrt(0), isqrt(15), isqrt(16), isqrt(10**30), isqrt(2**127))
print(math.log(8, 2), math.log(100, 10), math.log(math.e), math.log2(1024), math.log10(0.001), math.log(2**1000))
print(math.cos(0), math.sin(math.pi / 2), math.tan(0.5), math.tanh(-1), math.exp(1), math.sqrt(2))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.fabs(-3), math.pow(2, 10), math.tau, -inf, nan)
print(math.isclose(0.1 + 0.2, 0.3), math.isnan(nan), math.isinf(-inf), math.isfinite(1e308), math.prod([1, 2, 3, 4]))
print(math.factorial(20), math.comb(52, 5), math.perm(5, 2), math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
print(math.atan2(1, -1), math.erf(0.5), math.fsum([0.1] * 10), sum([0.1] * 10))
for bad in [lambda: isqrt(-1), lambda: lcm(1.5), lambda: math.log(0), lambda: math.log(-1, 2), lambda: math.sqrt(-4),
            lambda: math.factorial(-1), lambda: math.acos(2), lambda: math.exp(1000), lambda: isqrt(2.0)]:
    try:
        bad()
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__ + ":", e)
math.log(0, 10)
