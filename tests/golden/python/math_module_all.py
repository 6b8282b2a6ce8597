import math
import time
print(math.sqrt(16), math.sqrt(2), math.exp(1), math.exp(-1), math.log(math.e), math.log(100, 10), math.log(8, 2), math.log2(1024), math.log10(1000), math.log1p(1e-10), math.expm1(1e-10))
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan, math.isnan(math.nan), math.isinf(-math.inf), math.isfinite(1.0))
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1), math.trunc(-2.7), math.floor(5), math.floor(1e20), math.ceil(-1e19), type(math.floor(2.5)).__name__)
print(math.sin(0), math.cos(0), math.tan(0), math.sin(math.pi / 2), math.cos(math.pi), math.atan(1) * 4, math.atan2(1, 1), math.asin(1), math.acos(0), math.tanh(0.5), math.sinh(1), math.cosh(0))
print(math.fabs(-3), math.pow(2, 10), math.pow(2, 0.5), math.hypot(3, 4), math.copysign(3, -0.0), math.fmod(7, 3), math.fmod(-7, 3), math.degrees(math.pi), math.radians(180), math.erf(0.5))
print(math.factorial(0), math.factorial(5), math.factorial(20), math.factorial(25), math.comb(10, 3), math.perm(5, 2), math.perm(4), math.gcd(12, 18), math.gcd(0, 0), math.gcd(-4, 6), math.prod([1, 2, 3, 4]), math.prod([0.5, 4], start=2))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(1e-10, 0, abs_tol=1e-9), math.isclose(math.inf, math.inf))
for expr in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.log(-1), lambda: math.exp(1000), lambda: math.factorial(-1), lambda: math.factorial(2.5), lambda: math.sqrt("x"), lambda: math.floor(math.inf), lambda: math.floor(math.nan), lambda: math.pow(0, -1), lambda: math.log(10, 1), lambda: math.asin(2), lambda: math.atan2(1), lambda: math.sqrt(), lambda: math.log(), lambda: math.comb(5, -1), lambda: math.trunc("x"), lambda: time.sleep(-1), lambda: time.sleep("x")]:
    try:
        print(expr())
    except Exception as e:
        print(type(e).__name__ + ":", e)
t0 = time.perf_counter()
time.sleep(0.01)
elapsed = time.perf_counter() - t0
start = time.time()
print(elapsed >= 0.01, elapsed < 5, type(start).__name__, start > 1.6e9, time.time() >= start)
