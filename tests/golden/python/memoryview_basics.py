# memoryview over bytes and bytearray: indexing, slicing, tobytes, len, writes, release.
data = b"abcdef"
m = memoryview(data)
print(len(m), m[0], m[-1], m[1:3].tobytes(), m.tobytes(), m.tolist(), m.hex())
print(m.readonly, m.nbytes, m.itemsize, m.format, m.ndim, m.shape, m.strides, m.obj is data)
print(bytes(m[::2]), m[::-1].tobytes(), len(m[4:100]), list(m[:2]), m == b"abcdef", b"abcdef" == m)
print(memoryview(m[1:]).tobytes(), m[1:][::2].tobytes(), isinstance(m, memoryview), type(m).__name__)
print(repr(m).startswith("<memory at 0x"), hash(m) == hash(data), int.from_bytes(m[:2], "big"))

buf = bytearray(b"xyz")
view = memoryview(buf)
view[0] = 65
view[1:3] = b"BC"
print(buf, view.readonly, bytearray(view), b"[%s]" % view, view.tolist())
buf[2] = 90
print(view.tobytes(), view[2], b"<" + view[:2], bytearray(b"+") + view)
grown = bytearray(b"g")
grown += memoryview(b"rown")
grown.extend(memoryview(b"!"))
print(grown)
try:
    buf.append(1)
except BufferError as e:
    print("BufferError:", e)
for attempt in [
    lambda: m[10],
    lambda: m["a"],
    lambda: memoryview("text"),
    lambda: memoryview(5),
    lambda: m.__setitem__(0, 1),
    lambda: view.__setitem__(0, 256),
    lambda: view.__setitem__(0, b"x"),
    lambda: view.__setitem__(slice(0, 2), b"x"),
    lambda: hash(view),
]:
    try:
        print(repr(attempt()))
    except (IndexError, TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
view.release()
buf.append(33)
print(buf, repr(view).startswith("<released memory at 0x"))
with memoryview(b"ctx") as inside:
    print(inside.tobytes())
print(repr(inside).startswith("<released memory"))
inside[0]
