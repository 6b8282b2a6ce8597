# Assigning to and deleting slices of a bytearray.
ba = bytearray(b"abcdef")
ba[1:3] = b"XYZ"
print(ba)
ba[::2] = b"1234"
print(ba)
ba[2:2] = [65, 66]
print(ba)
ba[:] = bytearray(b"hi")
ba[5:] = b"!"
print(ba)
ba[0:1] = ba
print(ba)
ba[-1:] = range(48, 51)
print(ba)
del ba[1]
print(ba)
del ba[1:3]
print(ba)
del ba[::2]
print(ba)
del ba[:]
print(ba, len(ba))
ba = bytearray(b"0123456789")
del ba[::-3]
print(ba)
ba[::-1] = b"abcdef"
print(ba)
ba[1:3] = (x for x in [1, 2, 3])
print(ba)
ba = bytearray(b"abcdef")
ba[::2] = b""
print(ba)
def bad_step(b):
    b[::2] = b"x"


def from_str(b):
    b[1:2] = "str"


def from_int(b):
    b[1:2] = 5


def from_float(b):
    b[1:2] = 1.5


def byte_too_big(b):
    b[1:2] = [256]


def float_item(b):
    b[1:2] = [1.5]


def none_item(b):
    b[1:2] = [None]


def from_none(b):
    b[1:2] = None


def zero_step(b):
    b[::0] = b""


def del_zero_step(b):
    del b[::0]


def del_out_of_range(b):
    del b[100]


def del_by_str(b):
    del b["a"]


def str_bound(b):
    b["a":] = b""


for attempt in [bad_step, from_str, from_int, from_float, byte_too_big, float_item, none_item, from_none,
                zero_step, del_zero_step, del_out_of_range, del_by_str, str_bound]:
    try:
        attempt(ba)
        print(ba)
    except (TypeError, ValueError, IndexError) as e:
        print(attempt.__name__, type(e).__name__ + ":", e)
frozen = b"abc"
try:
    del frozen[0]
except TypeError as e:
    print(e)
frozen[0:1] = b"z"
