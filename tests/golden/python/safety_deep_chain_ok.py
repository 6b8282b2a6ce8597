x = [[[0]]]
print(x[0][0][0])
print(1 + 1 + 1 + 1 + 1)
print(eval("+".join(["1"] * 2000)) if False else sum([1] * 2000))
def f(n):
    return 0 if n == 0 else 1 + f(n - 1)
print(f(900))
