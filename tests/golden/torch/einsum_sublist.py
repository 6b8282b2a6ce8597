# torch.einsum's subscript-list form: operands interleaved with lists of ints (0-25 are 'A'-'Z',
# 26-51 'a'-'z', ... is an ellipsis), with an optional output list at the end.
import torch
torch.manual_seed(0)
a = torch.randn(2, 3)
b = torch.randn(3, 4)
print(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]))
print(torch.allclose(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]), a @ b))
print(torch.einsum(a, [0, 1], b, [1, 2]))
print(torch.einsum(a, [30, 31]), torch.einsum(a, [0, 0 + 1], [1]))
x = torch.randn(2, 3, 4, requires_grad=True)
y = torch.einsum(x, [..., 0, 1], [..., 1, 0])
print(y.shape, y.grad_fn.name())
print(torch.einsum(x, [Ellipsis, 1], [Ellipsis]).shape)
v = torch.arange(3.)
print(torch.einsum(v, [0], v, [0], []))
try:
    torch.einsum(a, [0, 60])
except ValueError as e:
    print("ValueError:", e)
torch.einsum(a, [0, 1], [52])
