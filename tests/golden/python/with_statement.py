class Ctx:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.swallow
with Ctx("a") as c:
    print("inside", c.name)
with Ctx("b", swallow=True):
    raise ValueError("boom")
print("after b")
with Ctx("outer"), Ctx("inner"):
    print("both")
def f():
    with Ctx("ret"):
        return "returned"
print(f())
try:
    with Ctx("c"):
        1 / 0
except ZeroDivisionError as e:
    print("caught", e)
