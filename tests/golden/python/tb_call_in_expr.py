def g(x):
    return x.upper()
print("result: " + g(5))
