def add(a, b=10, *args, c=5, **kwargs):
    return a + b + c + sum(args) + sum(kwargs.values())
print(add(1), add(1, 2), add(1, 2, 3, 4), add(1, c=0), add(1, z=100), add(*[1, 2]), add(**{"a": 1, "b": 1}))
def greet(name, greeting="Hello"):
    return f"{greeting}, {name}!"
print(greet("Bob"), greet(greeting="Hi", name="Al"))
square = lambda x: x * x
print(square(7), (lambda: 42)(), list(map(square, [1, 2])) if False else [square(i) for i in [1, 2]])
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10), fact.__name__, callable(fact))
def nothing():
    pass
print(nothing())
def multi():
    return 1, 2
a, b = multi()
print(a, b, multi())
