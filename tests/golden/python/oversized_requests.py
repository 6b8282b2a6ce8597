# Requests whose size is known before anything is allocated, too large for any machine: refused
# up front, as CPython refuses them.
def check(f):
    try:
        r = f()
        print(len(r))
    except (MemoryError, OverflowError) as e:
        print(type(e).__name__, repr(str(e)))


check(lambda: "a" * 2**62)
check(lambda: "ab" * 2**62)
check(lambda: 2**62 * "a")
check(lambda: [0] * 2**62)
check(lambda: [0, 1] * 2**62)
check(lambda: (0,) * 2**62)
check(lambda: "a".center(2**62))
check(lambda: "a".ljust(2**62, "-"))
check(lambda: "a".rjust(2**62))
check(lambda: "a".zfill(2**62))
check(lambda: f"{1:>{2**62}}")
check(lambda: "{:<4611686018427387904}".format("x"))
check(lambda: list(range(2**62)))
check(lambda: tuple(range(2**62)))
check(lambda: "a" * 0 + "b" * 3)
check(lambda: [1] * -5)
check(lambda: "x".center(5) + "y".zfill(3))
