def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2))
def safe(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(safe(1), safe(2))
n = 10
def f(v=n):
    return v
n = 20
print(f())
