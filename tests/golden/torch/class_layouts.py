# Classes with several bases: CPython refuses bases whose instances have different C layouts, and
# allows a plain class or a class written in Python next to any of them.
import torch
from torch import nn


class Mixin:
    def describe(self):
        return type(self).__name__ + " with " + ", ".join(c.__name__ for c in type(self).__mro__[1:])


class TrainingError(Exception, Mixin):
    pass


class ShapeError(Mixin, ValueError):
    pass


class LookupProblem(KeyError, IndexError):
    pass


class Both(ValueError, TypeError):
    pass


class Net(Mixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)


class Items(list, Mixin):
    pass


class Table(dict, Mixin):
    pass


for cls in [TrainingError, ShapeError, LookupProblem, Both, Items, Table]:
    print(cls.__name__, [c.__name__ for c in cls.__mro__], cls.__base__.__name__)
try:
    raise TrainingError("loss is nan")
except Exception as e:
    print(repr(e), e.describe(), isinstance(e, Mixin))
try:
    raise ShapeError("bad shape")
except ValueError as e:
    print(repr(e), e.describe())
try:
    raise LookupProblem("k")
except IndexError as e:
    print("caught as IndexError:", repr(e))
print(Net().describe())

try:

    class Combined(list, dict):
        pass

except TypeError as e:
    print("list, dict:", e)
try:

    class Combined(int, str):
        pass

except TypeError as e:
    print("int, str:", e)
try:

    class Combined(dict, Exception):
        pass

except TypeError as e:
    print("dict, Exception:", e)
try:

    class Combined(int, Exception):
        pass

except TypeError as e:
    print("int, Exception:", e)
try:

    class Combined(tuple, Exception):
        pass

except TypeError as e:
    print("tuple, Exception:", e)
try:

    class Combined(set, list):
        pass

except TypeError as e:
    print("set, list:", e)
try:

    class Combined(float, int):
        pass

except TypeError as e:
    print("float, int:", e)
try:

    class Combined(str, Exception):
        pass

except TypeError as e:
    print("str, Exception:", e)
try:

    class Combined(torch.Tensor, Exception):
        pass

except TypeError as e:
    print("torch.Tensor, Exception:", e)
try:

    class Combined(torch.autograd.Function, Exception):
        pass

except TypeError as e:
    print("torch.autograd.Function, Exception:", e)


class Broken(list, dict):
    pass
