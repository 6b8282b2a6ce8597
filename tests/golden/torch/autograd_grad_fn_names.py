import torch
x = torch.ones(2, 2, requires_grad=True)
for t in [x + 1, x * 2, x - x, x / 3, x ** 2, x.exp(), x.sum(), x.mean(), x.t(), x.view(4), x[0], x.relu(), x @ x, x.reshape(4), -x, x.sigmoid()]:
    print(t.grad_fn.name())
