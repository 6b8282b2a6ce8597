import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
y = torch.tensor([0, 2, 1, 2])
print(F.cross_entropy(x, y, label_smoothing=0.1))
print(F.cross_entropy(x, y, weight=torch.tensor([1.0, 2.0, 0.5])))
print(nn.CrossEntropyLoss(ignore_index=2)(x, y))
print(nn.CrossEntropyLoss(reduction='none')(x, y))
print(nn.CrossEntropyLoss(reduction='sum')(x, y))
p = torch.softmax(torch.randn(4, 3), dim=1)
print(F.cross_entropy(x, p))
z = torch.randn(5)
t = torch.tensor([1.0, 0.0, 1.0, 1.0, 0.0])
print(F.binary_cross_entropy_with_logits(z, t, pos_weight=torch.tensor(2.0)))
print(F.binary_cross_entropy_with_logits(z, t, weight=torch.tensor([1.0, 2.0, 1.0, 0.5, 1.0])))
print(nn.BCEWithLogitsLoss()(z, t), nn.BCEWithLogitsLoss(reduction='sum')(z, t))
print(nn.MSELoss(reduction='none')(z, t))
print(F.mse_loss(z, t, reduction='mean'))
print(nn.CrossEntropyLoss(label_smoothing=0.2))
print(nn.CrossEntropyLoss(weight=torch.ones(3)))
print(nn.BCEWithLogitsLoss(pos_weight=torch.ones(1)))
xs = torch.randn(2, 3, 4, requires_grad=True)
print(F.nll_loss(F.log_softmax(x, dim=1), y))
print(nn.NLLLoss()(F.log_softmax(x, dim=1), y), nn.NLLLoss(reduction='none')(F.log_softmax(x, dim=1), y))
print(nn.NLLLoss(weight=torch.tensor([1.0, 2.0, 3.0]), ignore_index=1))

# gradients through each keyword
for name, loss in (('weight', F.cross_entropy(x, y, weight=torch.tensor([1.0, 2.0, 0.5]))),
                   ('label_smoothing', F.cross_entropy(x, y, label_smoothing=0.1)),
                   ('both', F.cross_entropy(x, y, weight=torch.tensor([1.0, 2.0, 0.5]), label_smoothing=0.2, ignore_index=2)),
                   ('probabilities', F.cross_entropy(x, p)),
                   ('sum', F.cross_entropy(x, y, reduction='sum')),
                   ('none', F.cross_entropy(x, y, reduction='none').sum())):
    x.grad = None
    loss.backward()
    print(name, loss.grad_fn.name(), x.grad)

zz = z.clone().requires_grad_()
F.binary_cross_entropy_with_logits(zz, t, pos_weight=torch.tensor(2.0), weight=torch.tensor([1.0, 2.0, 1.0, 0.5, 1.0])).backward()
print(zz.grad)
criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3.0]))
print(criterion.pos_weight, criterion.weight, criterion(zz, t))

# the errors of the keywords
for bad in (lambda: F.cross_entropy(x, y, label_smoothing=1.5), lambda: F.cross_entropy(x, y, weight=torch.ones(2)),
            lambda: F.cross_entropy(x, torch.rand(4, 3), ignore_index=1), lambda: F.cross_entropy(x, torch.tensor([0, 1, 5, 1])),
            lambda: F.nll_loss(x, torch.tensor([1, 2])), lambda: F.cross_entropy(x, torch.ones(4, 3, dtype=torch.long)),
            lambda: F.binary_cross_entropy_with_logits(torch.zeros(3), torch.ones(3, 1))):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ":", e)
