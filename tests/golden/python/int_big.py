print(2**64, 10**20, 2**100, -2**63, 2**63)
f = 1
for i in range(1, 26):
    f *= i
print(f)
print(2**64 // 3, 2**64 % 1000, -(10**20) // 7, 10**20 - 1, 10**30 + 1)
print(int("123456789012345678901234567890"), 123456789012345678901234567890)
print(float(2**70), 2**70 / 2**69, hex(2**64), str(10**25), repr(-10**25))
print(f"{10**20:,}", f"{2**70:>30}", len(str(2**200)))
def factorial(n):
    result = 1
    for k in range(2, n + 1):
        result *= k
    return result
for n in [5, 20, 21, 25, 50]:
    print(f"{n}! = {factorial(n)}")
print(factorial(100) // factorial(98), len(str(factorial(100))), str(factorial(30))[-7:])
fib = [0, 1]
while len(fib) < 100:
    fib.append(fib[-1] + fib[-2])
print(fib[-1], fib[92], fib[93], type(fib[-1]).__name__, fib[99] % 1000)
big = 2 ** 64
print(big - 1, big + 1, -big, big * big, big // 7, big % 7, big / 4, big == 2.0 ** 64, big > 1e19, big < 1e20)
print(2 ** 10 ** 2, (10 ** 18) * 10, 9223372036854775807 + 1, -9223372036854775808 - 1, abs(-2 ** 70), int(2 ** 70 / 3))
try:
    print(float(10 ** 400))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(10 ** 400 / 3)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(2 ** 64 // 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    [1, 2][2 ** 64]
except IndexError as e:
    print("IndexError:", e)
