import torch
class MySGD(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1, momentum=0.5):
        defaults = dict(lr=lr, momentum=momentum)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['buf'] = torch.zeros_like(p)
                state['step'] += 1
                state['buf'].mul_(group['momentum']).add_(p.grad)
                p.add_(state['buf'], alpha=-group['lr'])
        return None

w = torch.nn.Parameter(torch.tensor([1.0, -2.0, 3.0]))
opt = MySGD([w], lr=0.1)
print(opt)
print(isinstance(opt, torch.optim.Optimizer))
for i in range(3):
    opt.zero_grad()
    (w ** 2).sum().backward()
    opt.step()
    print(w)
print(opt.state[w])
print(opt.state)
print(len(opt.state), w in opt.state)
print(opt.param_groups[0]['lr'])
opt.param_groups[0]['lr'] = 0.5
opt.zero_grad(set_to_none=True)
print(w.grad)
(w ** 2).sum().backward()
opt.step()
print(w)
a = torch.nn.Parameter(torch.ones(2))
opt.add_param_group({'params': [a], 'lr': 1.0})
print(opt)
print(len(opt.param_groups), opt.param_groups[1]['momentum'])
print(type(opt.param_groups), type(opt.param_groups[0]))
s = torch.optim.SGD([w], lr=0.1)
print(s.state)
(w ** 2).sum().backward()
s.step()
print(s.state)
print(s.state_dict())
base = torch.optim.Optimizer([w], {})
print(base)
try:
    base.step(None)
except NotImplementedError as e:
    print("NIE", repr(e))
for bad in [dict(lr=-1), dict(eps=-1), dict(betas=(1.0, 0.9)), dict(betas=(0.9, -0.1)), dict(weight_decay=-1)]:
    try:
        torch.optim.Adam([w], **bad)
    except ValueError as e:
        print(e)
for bad in [dict(lr=-1), dict(alpha=-1), dict(momentum=-1)]:
    try:
        torch.optim.RMSprop([w], **bad)
    except ValueError as e:
        print(e)
try:
    torch.optim.Adagrad([w], initial_accumulator_value=-1)
except ValueError as e:
    print(e)
try:
    torch.optim.Adam([])
except ValueError as e:
    print(e)
torch.optim.AdamW([w], betas=(0.9, 1.5))
