# contextlib.contextmanager, as course code writes small context managers: a tag printer, a
# timer-like logger, one that swallows an error, and one that lets it through.
from contextlib import contextmanager
import contextlib


@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")


with tag("b") as t:
    print("inside", t)

with tag("outer"), tag("inner") as inner:
    print(inner)


@contextlib.contextmanager
def ignoring(*excs):
    try:
        yield
    except excs as e:
        print("ignored", type(e).__name__, e)


with ignoring(KeyError, ZeroDivisionError):
    print(1 / 0)
print("after ignoring")


@contextmanager
def log_errors(label):
    try:
        yield
    except ValueError as e:
        print(label, "saw", repr(e))
        raise


try:
    with log_errors("step"):
        int("abc")
except ValueError as e:
    print("caught again:", e)


@contextmanager
def no_yield():
    if False:
        yield


try:
    with no_yield():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)


def run():
    with tag("fn"):
        return "returned"


print(run())
with log_errors("last"):
    raise ValueError("uncaught")
