# Annotations are evaluated where CPython evaluates them (a def's parameters and return, after the
# defaults; a module's or a class's annotated names), a yield inside one included, and a yield in a
# with statement's `as` target.
import torch


def scale(x: torch.Tensor, factor: float = 2.0, *rest: int, clip: bool = False, **opts: str) -> torch.Tensor:
    return x * factor


print(scale.__annotations__)
print(scale(torch.ones(2)), (lambda v: v).__annotations__)


def plain(a, b=1):
    return a


print(plain.__annotations__)

learning_rate: float = 0.1
epochs: int
print(__annotations__, learning_rate)


class Config:
    hidden: int = 64
    dropout: float
    name: str = "mlp"


print(Config.__annotations__, Config.hidden, hasattr(Config, "dropout"))


def order():
    def show(label):
        print("evaluated", label)
        return label

    def f(a: show("annotation a") = show("default a"), *, k: show("annotation k") = show("default k")) -> show("ret"):
        pass

    return f


print(order().__annotations__)


class Manager:
    def __enter__(self):
        print("enter")
        return [1, 2]

    def __exit__(self, kind, value, tb):
        print("exit", kind.__name__ if kind else None)
        return False


class Box:
    pass


def annotated_generator():
    def f(a: (yield "annotation a"), *args: (yield "annotation args"), b: (yield "annotation b") = 3) -> (
        yield "annotation return"
    ):
        return a

    print("annotations", f.__annotations__)
    local: (yield "never evaluated") = 5
    box = Box()
    store = {}
    with Manager() as (yield "target object").attr:
        print("body 1")
    with Manager() as store[(yield "target key")]:
        print("body 2", store)
    with Manager() as [box.first, store[(yield "second key")]]:
        print("body 3", box.first, store)
    return local


g = annotated_generator()
print(next(g))
box = Box()
for sent in ["A", "ARGS", "B", "RET", box, "key", "k2"]:
    try:
        print("yielded", g.send(sent))
    except StopIteration as stop:
        print("returned", stop.value)
print(box.attr)


# An exception assigning the target goes to __exit__, which may swallow it.
class Swallow(Manager):
    def __exit__(self, kind, value, tb):
        print("exit", kind.__name__, value)
        return True


with Swallow() as [one, two, three]:
    print("not reached")
print("after")


def closed_in_target():
    try:
        with Manager() as store[(yield "waiting")]:
            pass
    finally:
        print("finally")


store = {}
c = closed_in_target()
print(next(c))
c.close()
print(store)
print("next")


def broken(x: NotDefined):
    pass
