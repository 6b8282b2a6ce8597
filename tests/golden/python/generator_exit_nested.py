# Generators still suspended when the program ends, held in nested containers, class attributes,
# instances, function defaults and closures, and other generators: CPython's collector closes
# them at exit breadth first from the module's names, each object handing on what it refers to.
def body(name):
    try:
        yield name
    finally:
        print("finally", name)


def started(name):
    g = body(name)
    next(g)
    return g


def holder_of(name):
    inner = started(name)
    try:
        yield inner
    finally:
        print("finally outer of", name)


nested = [[started("nested 0"), started("nested 1")], started("flat")]


class Registry:
    pending = started("class attribute")
    queue = [started("class attribute list")]


table = {"a": [started("list in dict")], "b": started("dict value")}
pair = (started("tuple item"), [started("list in tuple")])


class Job:
    def __init__(self, name):
        self.task = started(name)
        self.more = [started(name + " list")]


jobs = [Job("instance in list")]
direct = Job("instance")
direct.extra = started("attribute added later")


def with_default(x=started("default")):
    return x


def make_closure():
    captured = started("closure")
    return lambda: captured


closure = make_closure()
outer = holder_of("generator local")
next(outer)
first = started("first name")
second = started("second name")
first, second = second, first
alias = nested
print("end of program")
