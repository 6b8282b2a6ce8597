# %-formatting of bytes and bytearray (PEP 461).
print(b"%d %s" % (1, b"x"), bytearray(b"%s-%s") % (b"a", bytearray(b"b")))
print(b"%5d|%-5d|%05.1f|%x|%X|%#o|%e|%g|%i|%u" % (42, 42, 3.14159, 255, 255, 8, 12345.678, 0.0001, 7, 8))
print(b"%r %a %c %c %%" % ("h\xe9", "x", 65, b"B"))
print(b"%(k)s=%(v)d" % {b"k": b"key", b"v": 3}, b"%.2s|%5s|%-5s|" % (b"abcdef", b"ab", b"ab"))
print(b"%b" % b"bb", b"%*d|%.*f" % (5, 1, 2, 1.2345), b"%d" % True, b"%d" % 2**70, b"%.3d" % 5)
print(b"no args" % (), b"mapping, no keys" % {}, b"%s" % (b"one",), b"%ld" % 7)


class Packet:
    def __bytes__(self):
        return b"PKT"


print(b"<%s>" % Packet(), type(bytearray(b"%d") % 1).__name__, b"%r" % b"x")
attempts = [
    lambda: b"%s" % "str",
    lambda: b"%s" % 1,
    lambda: b"%s" % [1],
    lambda: b"%d" % b"x",
    lambda: b"%x" % 1.5,
    lambda: b"%f" % "a",
    lambda: b"%d %d" % 1,
    lambda: b"%d" % (1, 2),
    lambda: b"x" % 5,
    lambda: b"x" % b"y",
    lambda: b"%s %s" % (b"a",),
    lambda: b"%c" % 256,
    lambda: b"%c" % -1,
    lambda: b"%c" % b"ab",
    lambda: b"%c" % "a",
    lambda: b"%" % (),
    lambda: b"%(a)s" % 1,
    lambda: b"%(a)s" % {"a": 1},
    lambda: bytearray(b"%q") % 1,
    lambda: b"%999999999999d" % 1,
    lambda: b"%.99999999999d" % 1,
    lambda: "%.99999999999d" % 1,
]
for attempt in attempts:
    try:
        print(repr(attempt()))
    except (TypeError, ValueError, OverflowError, KeyError, MemoryError) as e:
        print(type(e).__name__ + ":", e)
print("%.3d|%05.3d|%-6.3x|%+.2d|%#.4o|%.0d" % (5, 5, 255, 3, 8, 0), b"%#.3x|%6.2d" % (10, -4))
try:
    "%(key" % {"key": 1}
except ValueError as e:
    print(e)
print(b"%s and %s" % (b"this",))
