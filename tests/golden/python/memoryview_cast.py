# memoryview.cast to the native formats, their items, attributes, slices and writes, and the
# bytes methods that take any bytes-like object.
raw = bytes([1, 2, 3, 4, 255, 254, 0, 128])
m = memoryview(raw)
for fmt in ["B", "b", "c", "H", "h", "I", "i", "L", "l", "Q", "q", "f", "d", "?", "@i"]:
    c = m.cast(fmt)
    print(fmt, c.format, c.itemsize, c.nbytes, c.shape, c.strides, len(c), c.tolist(), c[0], c[-1])

ints = memoryview(bytes(range(16))).cast("i")
print(ints[1], ints[1:3].tolist(), ints[1:3].strides, ints[::2].nbytes, ints[::2].tobytes(), ints[::-1].tolist())
print(list(ints), ints.hex(), bytes(ints[:1]), ints.cast("B")[4:8].tolist())
print(ints == memoryview(bytes(range(16))).cast("I"), ints == bytes(range(16)), ints.cast("B") == bytes(range(16)))
nan = memoryview(b"\x00\x00\xc0\x7f").cast("f")
print(nan.tolist(), nan == nan, nan == memoryview(b"\x00\x00\xc0\x7f").cast("f"))
print(memoryview(b"ab").cast("c") == b"ab", hash(memoryview(b"ab").cast("b")) == hash(b"ab"))

# Writing through a cast view of a bytearray packs each value.
buf = bytearray(16)
words = memoryview(buf).cast("i")
words[0] = 5
words[1] = -1
words[-1] = 2**31 - 1
print(buf, words.tolist(), words.readonly, memoryview(raw).cast("i").readonly)
floats = memoryview(bytearray(8)).cast("f")
floats[0] = 1.5
floats[1] = 3
print(floats.tolist(), bytes(floats))
chars = memoryview(bytearray(b"ab")).cast("c")
chars[0] = b"z"
flags = memoryview(bytearray(3)).cast("?")
flags[1] = [0]
print(chars.obj, chars[0], flags.tolist())
halves = memoryview(bytearray(8)).cast("H")
halves[1:3] = memoryview(bytearray(b"\x01\x00\x02\x00")).cast("H")
print(halves.tolist())

errors = [
    lambda: words.__setitem__(0, 2**31),
    lambda: words.__setitem__(0, 1.5),
    lambda: floats.__setitem__(0, "x"),
    lambda: chars.__setitem__(0, b"zz"),
    lambda: halves.__setitem__(0, -1),
    lambda: halves.__setitem__(slice(0, 1), b"\x01\x00"),
    lambda: ints.cast("h"),
    lambda: memoryview(b"abc").cast("i"),
    lambda: memoryview(b"abcd")[::2].cast("B"),
    lambda: m.cast("x"),
    lambda: m.cast("e"),
    lambda: hash(ints),
    lambda: memoryview(raw).cast(1),
]
for bad in errors:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

view = memoryview(b"abcdef")
part = view[1:5:2]
print(part.tolist(), part.strides, part.tobytes(), part.nbytes, bytes(part), part.obj, part.c_contiguous)
with memoryview(b"ab").cast("B", (2,)) as inside:
    print(inside.tolist(), inside.contiguous)
try:
    inside.tolist()
except ValueError as e:
    print(e)

# The bytes and bytearray methods take a memoryview wherever they take bytes.
print(b", ".join([memoryview(b"x"), b"y", bytearray(b"z")]))
print(bytes(memoryview(b"q")), bytearray(memoryview(b"r")))
print(b"abc".startswith(memoryview(b"a")), b"abc".endswith((b"x", memoryview(b"c"))))
print(memoryview(b"b") in b"abc", memoryview(b"z") in bytearray(b"abc"))
print(b"abcb".find(memoryview(b"b")), b"abcb".rfind(memoryview(b"b")), b"abcb".index(memoryview(b"c")))
print(b"abcb".count(memoryview(b"b")), b"a-b-c".split(memoryview(b"-")))
print(b"abc".replace(memoryview(b"b"), memoryview(b"XY")), b"xaxx".strip(memoryview(b"x")))
grown = bytearray(b"a")
grown.extend(memoryview(b"bc"))
grown.extend(memoryview(b"\x01\x00\x00\x00").cast("i"))
print(grown, b"a" + memoryview(b"\x02\x00").cast("h"))
try:
    b"abc".startswith(3)
except TypeError as e:
    print(e)
