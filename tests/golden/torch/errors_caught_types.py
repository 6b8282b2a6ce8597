import torch
x = torch.ones(2, 3)
try:
    x + torch.ones(3, 2)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    x[2, 0]
except IndexError as e:
    print("IndexError", e)
try:
    torch.ones(2, 2).view(-1, -1)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    x.sum(5)
except IndexError as e:
    print("IndexError", e)
try:
    torch.tensor([[1, 2], [3]])
except ValueError as e:
    print("ValueError", e)
try:
    torch.tensor(['a'])
except TypeError as e:
    print("TypeError", e)
