import torch
x = torch.tensor([[1, 2], [3, 4]])
print(reversed(x))
print(reversed(torch.tensor(5)))
print(list(reversed(range(3))), list(reversed((1, 2, 3))), list(reversed("abc")), list(reversed({"a": 1, "b": 2})))
print(type(reversed([1])).__name__, type(reversed((1,))).__name__, type(reversed(range(2))).__name__)
for r in reversed(torch.arange(3)):
    print(r)
try:
    reversed(3)
except TypeError as e:
    print(e)
print((1, 2) * torch.tensor(2))
print([0] * torch.tensor(3))
try:
    print([1] * torch.tensor([1, 2]))
except TypeError as e:
    print(e)
try:
    print(x.shape + 1)
except TypeError as e:
    print(e)
try:
    x.view(1, 2, 3, 4, 5, 6, 7, 8)
except RuntimeError as e:
    print(e)
try:
    x.clone(1)
except TypeError as e:
    print(e)
try:
    {x.shape: 1, [1]: 2}
except TypeError as e:
    print(e)
