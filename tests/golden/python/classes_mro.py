# Several bases, C3 MRO, __mro__/__bases__, isinstance/issubclass over the hierarchy.
class LayerFunction:
    def __call__(self, *args):
        self.args = args
        self.out = self.forward(*args)
        return self.out

    def forward(self):
        raise Exception("not implemented")


class Lin(LayerFunction):
    def __init__(self, w, b):
        self.w, self.b = w, b

    def forward(self, inp):
        return inp * self.w + self.b


class Relu(LayerFunction):
    def forward(self, inp):
        return max(inp, 0)


lin = Lin(2, 1)
print(lin(3), lin.out, lin.args)
print(Lin.__mro__)
print(Lin.__bases__, Lin.__base__, Lin.__name__)
print(Relu()(-4), Relu()(5))


class A:
    def who(self):
        return "A"

    def hello(self):
        return "hello from A"


class B(A):
    def who(self):
        return "B"


class C(A):
    def who(self):
        return "C"

    def hello(self):
        return "hello from C"


class D(B, C):
    pass


d = D()
print(D.__mro__)
print(D.__bases__)
print([k.__name__ for k in D.__mro__])
print(d.who(), d.hello())
print(isinstance(d, A), isinstance(d, C), isinstance(d, (int, C)), isinstance(3, (str, B)))
print(issubclass(D, A), issubclass(D, (int, C)), issubclass(A, D), issubclass(D, object))
print(issubclass(bool, int), issubclass(D, ()), isinstance(d, ()))


class Mixin:
    tag = "mixin"

    def describe(self):
        return f"{type(self).__name__} with {self.tag}"


class Base:
    tag = "base"


class Both(Mixin, Base):
    pass


class Other(Base, Mixin):
    pass


print(Both().describe(), Other().describe())
print(Both.__mro__)
print(Other.__mro__)


# diamond with attributes at several levels
class O1: x = 1
class O2(O1): pass
class O3(O1): x = 3
class O4(O2, O3): pass
print(O4.x, O4().x, O4.__mro__[1:])


class X:
    pass


class Y:
    pass


class P(X, Y):
    pass


class Q(Y, X):
    pass


try:
    class R(P, Q):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    class S(X, X):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    class T(object, P):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    issubclass(3, int)
except TypeError as e:
    print("TypeError:", e)

try:
    issubclass(D, 3)
except TypeError as e:
    print("TypeError:", e)


class Z(P, Q):
    pass
