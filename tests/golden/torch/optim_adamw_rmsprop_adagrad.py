import torch

torch.manual_seed(1)


def run(cls, **kw):
    p = torch.nn.Parameter(torch.randn(37))
    q = torch.nn.Parameter(torch.randn(2, 3, dtype=torch.float64))
    opt = cls([p, q], **kw)
    for i in range(6):
        opt.zero_grad()
        loss = (p.sin() * torch.arange(37.0)).sum() + (q**3).sum()
        loss.backward()
        opt.step()
    print(cls.__name__, kw)
    print(p)
    print(q)
    print(opt.state[q])
    return opt


run(torch.optim.RMSprop)
run(torch.optim.RMSprop, lr=0.001, momentum=0.9, centered=True, weight_decay=0.01)
run(torch.optim.RMSprop, alpha=0.9, centered=True)
print(run(torch.optim.Adagrad))
run(torch.optim.Adagrad, lr=0.1, lr_decay=0.01, weight_decay=0.1, initial_accumulator_value=0.5, maximize=True)
o = run(torch.optim.AdamW, lr=0.01, amsgrad=True)
print(o.state_dict()["param_groups"])
print(o.state_dict()["state"][0]["step"])
print(torch.optim.RMSprop([torch.nn.Parameter(torch.ones(1))]))
print(torch.optim.AdamW([torch.nn.Parameter(torch.ones(1))]))

w = torch.nn.Parameter(torch.ones(3))
for bad in [dict(lr=-1), dict(alpha=-1), dict(momentum=-1), dict(eps=-1e-3), dict(weight_decay=-1)]:
    try:
        torch.optim.RMSprop([w], **bad)
    except ValueError as e:
        print(e)
for bad in [dict(lr_decay=-1), dict(initial_accumulator_value=-1), dict(eps=-1)]:
    try:
        torch.optim.Adagrad([w], **bad)
    except ValueError as e:
        print(e)
torch.optim.AdamW([w], betas=(0.9, 1.5))
