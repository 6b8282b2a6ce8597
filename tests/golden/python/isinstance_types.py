print(isinstance(1, int), isinstance(1.0, float), isinstance("s", str), isinstance([], list))
print(isinstance(1, (str, int)), isinstance(True, bool), isinstance(None, object), isinstance(1, float))
print(type(1) is int, type(True) is bool, type(1) == type(2), type([]) is list)
print(int, str, type, object, list, ValueError, type(ValueError("x")))
class A: pass
class B(A): pass
print(A, B(), isinstance(B(), A), type(B()) is A) if False else print(isinstance(B(), A), type(B()) is A, B.__name__)
