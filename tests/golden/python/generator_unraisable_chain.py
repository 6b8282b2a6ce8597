# An exception raised by a generator's finally while it is closed on being freed is printed as
# "Exception ignored in: <generator object ...>" with its own traceback only, not the GeneratorExit
# it happened during, nor its cause.
def bad():
    try:
        yield 1
    finally:
        raise ValueError("boom")


def worse():
    try:
        yield 1
    finally:
        try:
            1 / 0
        except ZeroDivisionError as e:
            raise RuntimeError("cleanup failed") from e


b = bad()
w = worse()
next(b)
next(w)
del b
print("after del")
w = None
print("end")
