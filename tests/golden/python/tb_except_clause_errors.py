# An except clause whose type is not an exception class, or is not defined: the error is
# raised while the first exception is handled, at the except line.
def catch_with(kind):
    try:
        raise KeyError(1)
    except kind:
        pass


try:
    catch_with(5)
except TypeError as e:
    print(type(e.__context__).__name__, e)
try:
    raise ValueError("v")
except NotDefined:
    pass
