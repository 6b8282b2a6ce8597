import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
print(nn.L1Loss(), nn.SmoothL1Loss(beta=0.5), nn.BCELoss(), nn.KLDivLoss(reduction='batchmean', log_target=True))
x = torch.randn(3, 4, requires_grad=True)
t = torch.randn(3, 4)
p = torch.rand(3, 4, requires_grad=True)
q = torch.rand(3, 4)
for r in ['mean', 'sum', 'none']:
    for name, f in [("l1", lambda: F.l1_loss(x, t, reduction=r)), ("smooth", lambda: F.smooth_l1_loss(x, t, reduction=r)),
                    ("smooth beta", lambda: F.smooth_l1_loss(x, t, reduction=r, beta=0.5)),
                    ("bce", lambda: F.binary_cross_entropy(p, q, reduction=r)),
                    ("bce weight", lambda: F.binary_cross_entropy(p, q, weight=torch.tensor([1., 2., 3., 4.]), reduction=r)),
                    ("kl", lambda: F.kl_div(F.log_softmax(x, 1), q, reduction=r if r != 'mean' else 'batchmean')),
                    ("kl log_target", lambda: F.kl_div(F.log_softmax(x, 1), F.log_softmax(t, 1), reduction=r, log_target=True))]:
        x.grad = None
        p.grad = None
        y = f()
        print(r, name, y.grad_fn.name())
        print(y)
        y.sum().backward()
        print(x.grad if x.grad is not None else p.grad)
g = F.smooth_l1_loss(x, t, beta=0.5).grad_fn
print(g._saved_beta, g._saved_reduction, g._saved_self is x, g._saved_target is t)
g = F.binary_cross_entropy(p, q).grad_fn
print(g._saved_reduction, g._saved_weight, g._saved_self is p)
print(F.kl_div(F.log_softmax(x, 1), q))
print(F.binary_cross_entropy(torch.tensor([0.0, 1.0, 0.5]), torch.tensor([1.0, 0.0, 0.5])))
print(F.smooth_l1_loss(x, t, beta=0.0).grad_fn.name())
for m in [nn.L1Loss(), nn.SmoothL1Loss(beta=0.5), nn.BCELoss(reduction='sum'), nn.KLDivLoss(reduction='batchmean'), nn.NLLLoss()]:
    print(m, m.reduction)
print(nn.L1Loss()(x, t), nn.SmoothL1Loss(beta=0.5)(x, t), nn.BCELoss(reduction='sum')(p, q), nn.KLDivLoss(reduction='batchmean')(F.log_softmax(x, 1), q))
print(nn.NLLLoss()(F.log_softmax(x, 1), torch.tensor([0, 3, 1])))

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: F.binary_cross_entropy(x, q))
err(lambda: F.binary_cross_entropy(p, q[0]))
err(lambda: F.l1_loss(x, t, reduction='foo'))
