# bytes: literals, construction, indexing, slicing, iteration, operators, comparison, hashing.
data = b"hello"
print(data, type(data).__name__, len(data))
print(data[0], data[-1], data[1:3], data[::-1], data[10:])
print(list(data), [hex(b) for b in data[:2]])
print(b"a" b'b' b"""c""", rb"\n", br"\x41", b"\x41\102\n\t\\")
print(b"it's", b'say "hi"', b"both ' and \"", b"\x00\x7f\x80\xff")
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(range(3)), bytes(b"copy"), bytes((1, 2)))
print(bytes("héllo", "utf-8"), bytes("abc", encoding="ascii"), bytes(source=b"x"))
print(b"ab" + b"cd", b"ab" * 3, 2 * b"xy", b"x" * 0, b"x" * -2)
print(104 in data, b"ell" in data, b"" in data, 0 in data)
print(data == b"hello", data != b"hello", data == "hello", b"a" < b"b", b"ab" < b"b", b"a" <= b"a")
print(sorted([b"pear", b"apple", b"fig"]), max(data), sum(b"\x01\x02"))
print(hash(b"abc") == hash(b"abc"), {b"key": 1}[b"key"], len({b"a", b"a", b"b"}))
print(str(b"hi"), repr(b"hi"), f"{b'x'}", "%s and %r" % (b"s", b"r"))
print(bool(b""), bool(b"\x00"), b"" or "empty")
print(isinstance(data, bytes), type(iter(data)).__name__, next(iter(b"z")))
print(data.upper(), b"MiXeD".lower(), b"  pad  ".strip(), b"xxhixx".strip(b"x"), b"  l".lstrip(), b"r  ".rstrip())
print(b"a,b,,c".split(b","), b" split  these ".split(), b"a-b-c".split(b"-", 1))
print(b"-".join([b"a", b"b", b"c"]), b"".join((b"x", bytearray(b"y"))))
print(data.find(b"l"), data.rfind(b"l"), data.find(108), data.find(b"z"), data.index(b"o"), data.count(b"l"))
print(data.startswith(b"he"), data.endswith((b"x", b"lo")), data.replace(b"l", b"L"), data.replace(b"l", b"", 1))
print(data.hex(), bytes.fromhex("68 69 ff"), b"\x01\xab".hex())
print(b"123".isdigit(), b"abc".isalpha(), b" \t".isspace(), b"".isdigit())
for bad in [lambda: data[5], lambda: data["x"], lambda: "h" in data, lambda: 256 in data, lambda: data + "s",
            lambda: data * 1.5, lambda: data < "a", lambda: bytes("abc"), lambda: bytes(1.5), lambda: bytes([256]),
            lambda: bytes(["a"]), lambda: bytes(-1), lambda: bytes(b"x", "utf-8"), lambda: data.count("l"),
            lambda: b",".join([b"a", "b"]), lambda: data.split(" "), lambda: data.startswith("h"),
            lambda: bytes.fromhex("zz"), lambda: data.index(b"q"), lambda: data.replace("l", "L"),
            lambda: bytes("x", "no-such-codec")]:
    try:
        print(bad())
    except (TypeError, ValueError, IndexError, LookupError) as e:
        print(type(e).__name__ + ":", e)
print(data[7])
