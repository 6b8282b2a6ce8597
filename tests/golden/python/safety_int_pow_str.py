x = 2**(2**24 - 1)
print(x.bit_length(), x > 0)
try:
    print(str(x))
except ValueError as e:
    print("ValueError:", e)
try:
    print(f"{-x}")
except ValueError as e:
    print("ValueError:", e)
try:
    int("9" * 5000)
except ValueError as e:
    print("ValueError:", e)
print(len(str(10**4299)), len(hex(x)))
print((-2) ** 101, (-4) ** 6 == 4096, (-6) ** 31 == -(6**31), 12**40 == 3**40 * 4**40, (2**64) ** 3 == 2**192)
print((-(2**70)) ** 3 == -(2**210), (3 * 2**40) ** 5 == 243 * 2**200, (-10) ** 25)
print(str(10**4300 - 1)[:5], 2**(2**24 - 1) // 2**(2**24 - 3))
for spec in ["d", ",", ">20", "n", "_"]:
    try:
        print(format(-x, spec))
    except ValueError as e:
        print(spec, "ValueError:", e)
try:
    print("%d" % x)
except ValueError as e:
    print("ValueError:", e)
print(len(format(x, "x")), len(format(x, "b")), format(10**4299, ",")[:7])
for s, base in [("9" * 5000 + "x", 10), ("x" + "9" * 5000, 10), ("9" * 4301, 10), ("0" * 5000, 10), ("7" * 5000, 8),
                ("7" * 5000, 7), ("7" * 5000, 0), ("-" + "9" * 4300, 10), ("f" * 5000, 16)]:
    try:
        print(len(str(int(s, base))))
    except ValueError as e:
        print("ValueError:", str(e)[:100])
