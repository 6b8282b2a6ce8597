import torch
import torch.nn as nn
import torch.optim as optim

# per-parameter options (the torch.optim documentation's example, on a small model)
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.base = nn.Linear(3, 4)
        self.classifier = nn.Linear(4, 2)

    def forward(self, x):
        return self.classifier(torch.relu(self.base(x)))

model = Net()
optimizer = optim.SGD([
    {'params': model.base.parameters()},
    {'params': model.classifier.parameters(), 'lr': 1e-3}
], lr=1e-2, momentum=0.9)
print(optimizer)
print(len(optimizer.param_groups), [len(g['params']) for g in optimizer.param_groups])
print(optimizer.param_groups[1]['lr'], optimizer.param_groups[0]['lr'], optimizer.param_groups[0]['momentum'])
print(list(optimizer.param_groups[0].keys()))
print(optimizer.defaults)
print(optimizer.param_groups[1]['params'][0] is model.classifier.weight)

x = torch.randn(5, 3)
y = torch.randint(0, 2, (5,))
loss_fn = nn.CrossEntropyLoss()
for step in range(3):
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    print(step, f"{loss.item():.5f}")

# a learning-rate schedule by hand: every group's 'lr' is read at each step
for epoch in range(4):
    for g in optimizer.param_groups:
        g['lr'] = g['lr'] * 0.5
    print(epoch, [g['lr'] for g in optimizer.param_groups])

w1 = torch.ones(2, requires_grad=True)
w2 = torch.ones(3, requires_grad=True)
opt = torch.optim.SGD([{'params': [w1]}, {'params': [w2], 'lr': 0.5}], lr=0.1, momentum=0.9)
(w1.sum() + w2.sum()).backward()
opt.step()
print(w1, w2)
for g in opt.param_groups:
    g['lr'] = g['lr'] * 0.1
opt.zero_grad()
print(w1.grad, w2.grad)
(w1.sum() + w2.sum()).backward()
opt.step()
print(w1, w2)
opt.zero_grad(set_to_none=True)
print(w1.grad, w2.grad)

# add_param_group, a group dict kept as given, a single tensor as params
w3 = torch.zeros(2, requires_grad=True)
group = {'params': w3, 'lr': 1.0}
opt.add_param_group(group)
print(len(opt.param_groups), group is opt.param_groups[2], type(group['params']).__name__, list(group.keys()))
(w3 * torch.tensor([1.0, -1.0])).sum().backward()
opt.step()
print(w3)

# weight decay, nesterov, dampening, maximize
w = torch.tensor([1.0, -2.0], requires_grad=True)
opt2 = torch.optim.SGD([w], lr=0.1, weight_decay=0.01, nesterov=True, momentum=0.5, dampening=0)
print(opt2)
for _ in range(2):
    opt2.zero_grad()
    (w * 3).sum().backward()
    opt2.step()
    print(w)
w = torch.tensor([1.0, -2.0], requires_grad=True)
opt3 = torch.optim.SGD([w], lr=0.1, momentum=0.9, dampening=0.5, maximize=True)
for _ in range(2):
    opt3.zero_grad()
    (w ** 2).sum().backward()
    opt3.step()
    print(w)
print(opt3.param_groups[0]['maximize'], opt3.param_groups[0]['dampening'])

# the optimizer's errors
for make in (lambda: torch.optim.SGD([w]), lambda: torch.optim.SGD([], lr=0.1), lambda: torch.optim.SGD([w * 2], lr=0.1),
             lambda: torch.optim.SGD([w, 3], lr=0.1), lambda: torch.optim.SGD([{'params': [w]}, {'params': [w]}], lr=0.1),
             lambda: torch.optim.SGD([{'params': [w]}]), lambda: torch.optim.SGD(w, lr=0.1),
             lambda: torch.optim.SGD(nn.Sequential(nn.Linear(1, 1)), lr=0.1),
             lambda: torch.optim.SGD([w], lr=-1), lambda: torch.optim.SGD([w], lr=0.1, momentum=-0.5),
             lambda: torch.optim.SGD([w], lr=0.1, weight_decay=-1e-4), lambda: torch.optim.SGD([w], lr=0.1, nesterov=True)):
    try:
        make()
        print("no error")
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
