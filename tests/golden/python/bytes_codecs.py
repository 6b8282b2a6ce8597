# str.encode and bytes.decode with utf-8, ascii and latin-1, their errors and error handlers.
text = "naïve café ☕"
raw = text.encode()
print(raw, len(text), len(raw))
print(raw.decode(), raw.decode("utf-8") == text, text.encode("utf8") == raw, text.encode(encoding="UTF-8") == raw)
print("abc".encode("ascii"), "é".encode("latin-1"), b"\xe9".decode("latin1"), b"caf\xc3\xa9".decode())
print("naïve".encode("ascii", "replace"), "naïve".encode("ascii", errors="ignore"))
print(b"a\xffb\xfe".decode("utf-8", "replace"), b"a\xffb".decode("utf-8", "ignore"), b"ok".decode("utf-8", "bogus"))
print(b"\xe2\x82\xac".decode(), "€".encode(), b"\xf0\x9f\x98\x80".decode())
for bad in [b"\xff", b"ab\xc3", b"\xe2\x82", b"a\xe2\x28\xa1", b"\xed\xa0\x80", b"\xf0\x9f\x98"]:
    try:
        bad.decode()
    except UnicodeDecodeError as e:
        print(type(e).__name__ + ":", e)
for s, codec in [("\xe9t\xe9", "ascii"), ("ab\xe9\xe9", "ascii"), ("\u20ac", "latin-1"), ("😀", "ascii")]:
    try:
        s.encode(codec)
    except UnicodeEncodeError as e:
        print(type(e).__name__ + ":", e)
for bad in [lambda: b"\xe9".decode("ascii"), lambda: b"x".decode("nope"), lambda: "x".encode("nope"),
            lambda: b"\xff".decode("utf-8", "bogus"), lambda: b"a".decode(1), lambda: "x".encode(1)]:
    try:
        bad()
    except (UnicodeError, LookupError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(issubclass(UnicodeDecodeError, UnicodeError), issubclass(UnicodeError, ValueError))
try:
    b"\x80abc".decode()
except ValueError as e:
    print("caught as ValueError:", e)
b"caf\xe9".decode()
