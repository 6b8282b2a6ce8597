print("{} {}".format(1, 2), "{1} {0}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
print("{:>8}|{:<8}|{:^8}|".format("r", "l", "c"), "{:.3f}".format(2 / 3), "{:,}".format(10**9))
print("{0!r} {0!s}".format("s"), "{:05d}".format(42), "{:+.1e}".format(1234.5), "{0[1]}".format([7, 8]))
print("{:x} {:o} {:b}".format(255, 8, 5), "{:10.4f}|".format(3.14159), "{{}}".format())
