import torch

torch.manual_seed(1)


def run(**kw):
    p = torch.nn.Parameter(torch.randn(37))
    q = torch.nn.Parameter(torch.randn(2, 3, dtype=torch.float64))
    opt = torch.optim.SGD([p, q], **kw)
    for i in range(6):
        opt.zero_grad()
        loss = (p.sin() * torch.arange(37.0)).sum() + (q**3).sum()
        loss.backward()
        opt.step()
    print(kw)
    print(p)
    print(q)
    print(opt.state[q], p._version)
    return opt


run(lr=0.1)
run(lr=0.01, momentum=0.9)
run(lr=0.01, momentum=0.9, nesterov=True, weight_decay=1e-3)
run(lr=0.01, momentum=0.8, dampening=0.3, maximize=True)
o = run(lr=0.05, weight_decay=0.1)
print(o.state)
print(o.state_dict())
w = torch.nn.Parameter(torch.ones(2))
try:
    torch.optim.SGD([w], lr=0.1, nesterov=True)
except ValueError as e:
    print(e)
torch.optim.SGD([w], lr=0.1, momentum=0.9, dampening=0.1, nesterov=True)
