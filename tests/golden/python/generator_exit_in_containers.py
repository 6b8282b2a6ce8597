# Suspended generators still alive at the end of the program: CPython closes them as it clears
# the module's names, those held by a name alone first, then those inside a list, a tuple, a dict
# or an instance, as each container goes.
def gen(name):
    try:
        yield 1
        yield 2
    finally:
        print("finally", name)


def started(name):
    g = gen(name)
    next(g)
    return g


keep = [started("list 1"), started("list 2")]
pair = (started("tuple 1"), started("tuple 2"))
table = {"a": started("dict a"), "b": started("dict b")}
alone = started("alone")


class Holder:
    pass


holder = Holder()
holder.first = started("attribute 1")
holder.second = started("attribute 2")
never_started = [gen("never started")]
finished = [started("finished")]
for _ in finished[0]:
    pass
print("end of the program")
