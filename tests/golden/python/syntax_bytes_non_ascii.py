# A bytes literal may hold only ASCII characters.
print("before")
x = b"café"
