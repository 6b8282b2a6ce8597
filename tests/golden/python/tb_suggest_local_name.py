def f(values):
    total = 0
    for v in values:
        totl += v
f([1])
