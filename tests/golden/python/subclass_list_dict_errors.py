# A subclass of a built-in type keeps the built-in's error messages.
class Batch(list):
    pass


b = Batch([1, 2, 3])
print(b[1:], b * 2, 2 * b, b + [4], isinstance(b + [4], Batch))
b.extra = "meta"
print(b.extra, vars(b) if False else b.__dict__)
print(b[5])
