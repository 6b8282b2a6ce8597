import torch
from torch.optim.lr_scheduler import StepLR, LambdaLR, MultiStepLR, ExponentialLR, CosineAnnealingLR

w = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.SGD([w], lr=0.1)
sched = StepLR(opt, step_size=2, gamma=0.5)
print(sched.get_last_lr(), opt.param_groups[0]["initial_lr"])
for epoch in range(6):
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr(), opt.param_groups[0]["lr"], sched.last_epoch)
print(sched.state_dict())
opt = torch.optim.Adam([w], lr=1)
s2 = LambdaLR(opt, lr_lambda=lambda e: 0.95**e)
for epoch in range(4):
    opt.step()
    s2.step()
print(s2.get_last_lr(), s2.base_lrs)
opt = torch.optim.SGD([{"params": [w]}, {"params": [torch.nn.Parameter(torch.ones(1))], "lr": 0.5}], lr=0.1)
s3 = MultiStepLR(opt, milestones=[2, 4, 4], gamma=0.1)
for epoch in range(6):
    opt.step()
    s3.step()
    print(s3.get_last_lr())
s4 = ExponentialLR(opt, gamma=0.9)
s5 = CosineAnnealingLR(torch.optim.SGD([w], lr=0.2), T_max=4, eta_min=0.01)
for epoch in range(10):
    s5.optimizer.step()
    s5.step()
    print(s5.get_last_lr())
for epoch in range(3):
    s4.step()
print(s4.get_last_lr())
opt = torch.optim.SGD([w], lr=0.1)
s6 = StepLR(opt, 3)
s6.step()
print(s6.get_last_lr(), s6.gamma)
LambdaLR(opt, [lambda e: 1, lambda e: 2])
