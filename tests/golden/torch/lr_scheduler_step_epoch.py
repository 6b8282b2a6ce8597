# scheduler.step(epoch): PyTorch's deprecation warning, then the closed form of the schedule at that
# epoch (StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR) or get_lr() (LambdaLR).
import torch
from torch import optim

w = torch.zeros(2, requires_grad=True)


def make(cls, *args, **kwargs):
    opt = optim.SGD([w], lr=0.1)
    opt.step()
    return opt, cls(opt, *args, **kwargs)


opt, s = make(optim.lr_scheduler.StepLR, step_size=3, gamma=0.5)
for e in [0, 2, 3, 7, 1]:
    s.step(e)
    print("StepLR", e, s.last_epoch, s.get_last_lr(), opt.param_groups[0]["lr"])
s.step()
print("then step()", s.last_epoch, s.get_last_lr())

opt, s = make(optim.lr_scheduler.MultiStepLR, milestones=[2, 4, 4], gamma=0.1)
for e in [1, 2, 4, 10]:
    s.step(epoch=e)
    print("MultiStepLR", e, s.get_last_lr())

opt, s = make(optim.lr_scheduler.ExponentialLR, gamma=0.9)
s.step(5)
print("ExponentialLR", s.get_last_lr())

opt, s = make(optim.lr_scheduler.CosineAnnealingLR, T_max=10, eta_min=0.01)
for e in [3, 10, 15]:
    s.step(e)
    print("CosineAnnealingLR", e, s.get_last_lr())

opt, s = make(optim.lr_scheduler.LambdaLR, lr_lambda=lambda epoch: 1 / (epoch + 1))
s.step(4)
print("LambdaLR", s.last_epoch, s.get_last_lr())
