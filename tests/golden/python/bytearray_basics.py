# bytearray: a mutable bytes.
buf = bytearray(b"abc")
print(buf, len(buf), buf[0], buf[-1], buf[1:], type(buf[1:]).__name__)
buf.append(100)
buf.extend(b"ef")
buf.extend([103, 104])
buf[0] = 65
print(buf, buf.pop(), buf.pop(0), buf)
buf += b"!!"
print(buf, bytes(buf), buf == b"bcdefg!!", buf.decode(), buf.upper())
print(bytearray(), bytearray(2), bytearray([1, 2]), bytearray("hé", "utf-8"), bytearray(b"x") * 2)
print(bytearray(b"ab") + b"cd", b"ab" + bytearray(b"cd"), list(bytearray(b"hi")))
copy = buf.copy()
copy.clear()
print(copy, buf, 98 in buf, b"cd" in buf)
for bad in [lambda: buf[99], lambda: buf.append(256), lambda: buf.append("a"), lambda: bytearray().pop(),
            lambda: hash(buf), lambda: bytearray(1.5), lambda: bytearray("a"), lambda: buf["k"]]:
    try:
        print(bad())
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__ + ":", e)
buf[0] = 300
