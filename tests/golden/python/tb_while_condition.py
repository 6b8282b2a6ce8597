n = 3
while n / (n - 3):
    n -= 1
