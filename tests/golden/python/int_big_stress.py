seed = 12345
def rnd():
    global seed
    seed = (seed * 6364136223846793005 + 1442695040888963407) % 2**64
    return seed
def rbig():
    n = rnd() % 5
    v = 0
    for _ in range(n + 1):
        v = v * 2**64 + rnd()
    v = v >> (rnd() % 200)
    return -v if rnd() % 2 else v
out = []
for i in range(150):
    a = rbig()
    b = rbig()
    r = [a + b, a - b, a * b, a & b, a | b, a ^ b, -a, ~b, a >> 7, a << 33, abs(a), a == b, a < b, a >= b]
    if b != 0:
        r += [a // b, a % b, divmod(a, b)]
        r.append(a / b)
    r.append(hash(a))
    r.append(float(a))
    r.append(hex(a))
    r.append(str(a)[:40])
    r.append(a ** 3)
    out.append(r)
for r in out:
    print(r)
print(2**63, -2**63, 2**63 - 1, -(2**63) + 1, 2**64 // 2, (-2**63) // -1, -2**63 - 1, 9223372036854775807 + 1)
print(int("-9223372036854775808"), int("9" * 30), int("ff" * 10, 16), int("0x" + "f" * 20, 0), int(1e30), int(-1.5e19), round(1e20), round(123456789012345678901, -5))
print(f"{2**70:,}", f"{2**70:x}", f"{-2**70:>40}", "%d" % 2**70, "%x" % 2**70, format(10**25, "e"), format(-10**20, "_"))
print(10**20 / 3, 2**100 / 2**98, 1 / 2**70, (10**30 + 1) / 10**30, 2**70 + 0.5, 2**70 * 1.0, 2**70 > 1e10, 2**70 == 2.0**70)
print(1 << 100, (1 << 100) >> 99, -(1 << 100) >> 99, 123 << 64, 2**64 & 0xff, -1 & 2**70, True + 2**64, sum([2**62] * 8))
x = 1
for i in range(1, 31):
    x *= i
print(x, len(str(x)), x % 1000007, x // 10**20)
print(hash(2**61), hash(2**61 - 1), hash(-2**61), hash(-1), hash(1.5), hash(-1.5), hash(1e100), hash(0.1), hash(2**64))
print(0 ** 0, (-1) ** 2**70, 1 ** 2**70, (-2) ** 63, (-2) ** 64, 2 ** -64, 7 ** 30)
