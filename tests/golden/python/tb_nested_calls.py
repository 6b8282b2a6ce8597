def inner(a):
    return a / 0
def middle(a):
    return inner(a) + 1
def outer():
    value = middle(5)
    return value
outer()
