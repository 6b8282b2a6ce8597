# A bytes literal needs two hex digits after \\x.
print("before")
data = b"ok\x4"
