def f(a, b=2):
    return a + b
print(f(1, 2, 3))
