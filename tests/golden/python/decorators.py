def shout(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper()
    return wrapper
def twice(fn):
    def wrapper(x):
        return fn(fn(x))
    return wrapper
@shout
def hello(name):
    return "hello " + name
@twice
def inc(x):
    return x + 1
print(hello("world"), inc(5))
def tag(label):
    def deco(fn):
        def wrapper():
            return label + ":" + fn()
        return wrapper
    return deco
@tag("A")
@tag("B")
def base():
    return "x"
print(base())
