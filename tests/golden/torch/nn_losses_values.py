import torch
import torch.nn as nn
import torch.nn.functional as F
pred = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
target = torch.tensor([0, 1])
print(nn.CrossEntropyLoss()(pred, target), F.cross_entropy(pred, target))
print(F.cross_entropy(pred, target, reduction='sum'), F.cross_entropy(pred, target, reduction='none'))
a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([1.5, 2.0, 2.0])
print(nn.MSELoss()(a, b), F.mse_loss(a, b, reduction='sum'), F.mse_loss(a, b, reduction='none'))
logits = torch.tensor([0.5, -1.0, 2.0])
labels = torch.tensor([1.0, 0.0, 1.0])
print(F.binary_cross_entropy_with_logits(logits, labels))
print(nn.MSELoss(), nn.CrossEntropyLoss())
