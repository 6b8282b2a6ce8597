i = 0
total = 0
while True:
    i += 1
    if i % 2:
        continue
    total += i
    if i >= 10:
        break
print(i, total)
a, b = 0, 1
fib = []
while len(fib) < 10:
    fib.append(a)
    a, b = b, a + b
print(fib)
