def deco(fn):
    def wrapper(*args):
        print("calling", fn.__name__)
        return fn(*args)
    return wrapper
@deco
def divide(a, b):
    return a / b
print(divide(4, 2))
print(divide(1, 0))
