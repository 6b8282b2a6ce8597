# not yet in stridelab: torch.optim.LBFGS torch.optim.Rprop torch.optim.SparseAdam torch.autograd.gradcheck torch.autograd.gradgradcheck
import torch

w = torch.ones(3, requires_grad=True)
try:
    opt = torch.optim.LBFGS([w])
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    from torch.optim import Rprop
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    torch.autograd.gradgradcheck
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    torch.optim.Adamm([w])
except AttributeError as e:
    print(type(e).__name__, e)
try:
    torch.autograd.grad_check
except AttributeError as e:
    print(type(e).__name__, e)
ok = torch.autograd.gradcheck(lambda t: t * 2, (w.double(),))
