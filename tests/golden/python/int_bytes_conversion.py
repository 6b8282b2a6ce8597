# int.to_bytes and int.from_bytes: byte order, signed=, and CPython's errors.
print((1024).to_bytes(2, "big"), (1024).to_bytes(4, "little"), (255).to_bytes())
print((-1).to_bytes(2, "big", signed=True), (-128).to_bytes(1, byteorder="little", signed=True))
print((0).to_bytes(0, "big"), (2**70).to_bytes(10, "big"), True.to_bytes(1, "big"))
print((5).to_bytes(length=3, byteorder="little"))
print(int.from_bytes(b"\x00\x10", "big"), int.from_bytes(b"\x00\x10", "little"), int.from_bytes(b""))
print(int.from_bytes(b"\xff\xfe", "big", signed=True), int.from_bytes(b"\x80", "big", signed=True))
print(int.from_bytes([1, 2, 3], "big"), int.from_bytes(bytearray(b"\x01\x00"), byteorder="little"))
print(int.from_bytes(b"\xff" * 9, "big", signed=True), int.from_bytes(b"\xff" * 9, "big"))
n = 2**100 + 12345
print(int.from_bytes(n.to_bytes(13, "little"), "little") == n, (-n).to_bytes(13, "big", signed=True).hex())


class Flags(int):
    pass


print(type(Flags.from_bytes(b"\x01", "big")).__name__, Flags.from_bytes(b"\x02\x00", "little"))
print(bool.from_bytes(b"\x01", "big"), bool.from_bytes(b"\x00", "big"))

attempts = [
    lambda: (256).to_bytes(1, "big"),
    lambda: (-1).to_bytes(1, "big"),
    lambda: (128).to_bytes(1, "big", signed=True),
    lambda: (-129).to_bytes(1, "big", signed=True),
    lambda: (2**64).to_bytes(8, "big"),
    lambda: (1).to_bytes(1, "middle"),
    lambda: (1).to_bytes(-1, "big"),
    lambda: (1).to_bytes(1.0, "big"),
    lambda: (1).to_bytes(2**63, "big"),
    lambda: (1).to_bytes(1, 5),
    lambda: (1).to_bytes(1, "big", True),
    lambda: (1).to_bytes(1, "big", sign=True),
    lambda: (1).to_bytes(1, length=1),
    lambda: int.from_bytes(b"\x01", "middle"),
    lambda: int.from_bytes("ab", "big"),
    lambda: int.from_bytes(5, "big"),
    lambda: int.from_bytes([256], "big"),
    lambda: int.from_bytes([1.5], "big"),
    lambda: int.from_bytes(),
    lambda: int.from_bytes(b"", "big", True),
]
for attempt in attempts:
    try:
        print(repr(attempt()))
    except (OverflowError, ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
(300).to_bytes(1, "big")
