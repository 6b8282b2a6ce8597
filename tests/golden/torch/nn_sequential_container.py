import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
print(model[1:])
print(model[:2], model[::2])
print(type(model[1:]).__name__, len(model[2:]))
for param in model[0].parameters():
    param.requires_grad = False
print([p.requires_grad for p in model.parameters()])
opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1)
print(len(opt.param_groups[0]['params']))
out = model(torch.randn(3, 4)).sum()
out.backward()
print(model[0].weight.grad, model[2].bias.grad is not None)
model.zero_grad(set_to_none=True)
print(model[2].bias.grad)
model.zero_grad()
print(model[2].bias.grad)
x = torch.ones(2, requires_grad=True)
(x * 3).sum().backward()
x.grad.data.zero_()
print(x.grad)
model[4] = nn.Linear(8, 3)
print(model)
del model[3]
print(len(model))
model.append(nn.Softmax(dim=1))
print(model[-1])
print(model)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
for bad in (lambda: Net()[0], lambda: len(Net()), lambda: list(Net()), lambda: model[9], lambda: model[-7]):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
