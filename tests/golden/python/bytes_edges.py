# bytes at the edges: empty needles, starts past the end, huge indices, the memory limit's neighbours.
data = b"abc"
print(data.count(b""), data.find(b"", 10), data.find(b"", 3), data.count(b"", 5), data.rfind(b"c", -1))
print(data.startswith(b"", 5), data.startswith(b"", 3), data.endswith(b"c", 0, 2), data.find(b"b", -2))
print(b"aaa".replace(b"", b"-"), b"a-b".replace(b"-", b""), bytes(iter([1, 2])), bytes(x for x in range(3)))
print(bytes({1: 2}), bytes(True), repr(b"\x00".decode("ascii")), bytearray.fromhex("ab"), b"x".decode(errors="ignore"))
for bad in [lambda: b"ab"[10**20], lambda: bytearray(b"ab")[10**20], lambda: bytes(10**20), lambda: b"abc"[::0],
            lambda: b"a".split(b""), lambda: bytes.fromhex("0")]:
    try:
        bad()
    except (IndexError, OverflowError, ValueError) as e:
        print(type(e).__name__ + ":", e)
