class Plain:
    pass
p = Plain()
r = repr(p)
print(r.startswith("<__main__.Plain object at 0x"), r.endswith(">"))
print(repr(len), repr(Plain), repr(int))
def f():
    pass
print(repr(f).startswith("<function f at 0x"))
print(p)
print(f)
print([f, p])
