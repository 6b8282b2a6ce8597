def make_counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c1 = make_counter()
c2 = make_counter()
print(c1(), c1(), c1(5), c2())
def adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in adders()])
def late():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    return [f() for f in fs]
print(late())
total = 0
def add_global(n):
    global total
    total += n
add_global(3)
add_global(4)
print(total)
def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner()
    return middle()
print(outer())
