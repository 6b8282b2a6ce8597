# __qualname__ and the reprs of classes, functions and methods defined inside functions and
# classes, as CPython names them.
def make_layer():
    class Layer:
        def forward(self, x):
            return x

        class Config:
            pass

    def helper():
        pass

    return Layer, helper


Layer, helper = make_layer()
print(Layer, Layer.__name__, Layer.__qualname__)
print(Layer.Config, Layer.Config.__qualname__)
print(Layer.forward.__qualname__, helper.__qualname__)
print(repr(Layer.forward).split(" at ")[0], repr(helper).split(" at ")[0])
print(repr(Layer().forward).split(" of ")[0])
print(repr(Layer()).split(" at ")[0], repr(Layer.Config()).split(" at ")[0])
print(type(Layer()).__qualname__, type(Layer()).__module__)


class Model:
    def method(self):
        def inner():
            pass

        return inner

    class Block:
        def run(self):
            pass


print(Model.Block, Model.Block.__qualname__, Model.Block.run.__qualname__)
print(repr(Model().method()).split(" at ")[0], Model().method().__qualname__)
print(repr(Model.Block().run).split(" of ")[0], Model.Block().run.__qualname__)

squares = lambda n: n * n
print(squares.__qualname__, squares.__name__)


def outer():
    return lambda: 0


print(outer().__qualname__, repr(outer()).split(" at ")[0])


def numbers():
    def inner_gen():
        yield 1

    return inner_gen()


print(repr(numbers()).split(" at ")[0])

# Argument errors name the code's qualified name; a class's call names the class alone.
for call in [lambda: Layer(1), lambda: Layer().forward(), lambda: helper(2)]:
    try:
        call()
    except TypeError as e:
        print(e)

# __name__ and __qualname__ can be assigned: a str only.
class Renamed:
    pass


Renamed.__qualname__ = "Outer.Renamed"
print(Renamed, Renamed.__name__)
Renamed.__name__ = "Other"
print(Renamed, Renamed.__name__, Renamed.__qualname__)


def renamed_function():
    pass


renamed_function.__qualname__ = "Spelled.differently"
renamed_function.__name__ = "differently"
print(repr(renamed_function).split(" at ")[0], renamed_function.__name__)
for bad in [lambda: setattr(Renamed, "__name__", 3), lambda: setattr(renamed_function, "__qualname__", None)]:
    try:
        bad()
    except TypeError as e:
        print(e)

# functools.wraps copies them, so the wrapper's repr is the wrapped function's.
import functools


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)

    return wrapper


@logged
def add(a, b):
    return a + b


print(add.__name__, add.__qualname__, repr(add).split(" at ")[0], add(1, 2))

# Built-in functions and methods: a bound method's name after its receiver's class.
import math


class Stack(list):
    pass


print(len.__qualname__, [].append.__qualname__, list.append.__qualname__, math.sqrt.__qualname__)
print("a".upper.__qualname__, {}.get.__qualname__, Stack().append.__qualname__, print.__name__)
