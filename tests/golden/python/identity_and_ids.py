class Obj:
    pass
a = Obj()
b = a
c = Obj()
print(a is b, a is c, a is not c, id(a) == id(b), id(a) == id(c))
print(id(Obj()) == id(Obj()))
x = None
print(x is None, x is not None, type(None).__name__)
small1 = 256
small2 = 256
print(small1 is small2, [] is [], () == ())
print(hex(255), hex(-16), hex(0))
print(type(id(a)).__name__, id(a) > 0)
