# hstack and vstack: 0-d, 1-d and 2-d inputs, dtype promotion, gradients, errors.
import torch

a = torch.tensor([1, 2])
b = torch.tensor([3])
print(torch.hstack([a, b]), torch.hstack((torch.tensor(1), torch.tensor(2.5))))
print(torch.vstack([a, torch.tensor([3, 4])]), torch.vstack((torch.tensor(1), torch.tensor(2))))
m = torch.ones(2, 2)
print(torch.hstack([m, torch.zeros(2, 1)]), torch.vstack([m, torch.tensor([5., 6.])]))
print(torch.vstack([torch.zeros(1, 2, 2), torch.ones(1, 2, 2)]).shape, torch.hstack([torch.zeros(2, 1, 3), torch.ones(2, 2, 3)]).shape)
x = torch.tensor([1., 2.], requires_grad=True)
h = torch.hstack([x, x * 2])
v = torch.vstack([x, x])
print(h, v)
(h.sum() + (v * torch.tensor([[1.], [10.]])).sum()).backward()
print(x.grad)
for bad in [lambda: torch.hstack([]), lambda: torch.vstack([]), lambda: torch.vstack([m, torch.ones(3)]),
            lambda: torch.hstack([m, a])]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
try:
    torch.vstack(m)
except TypeError as e:
    print("TypeError:", e)
