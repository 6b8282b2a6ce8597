import torch
import torch.nn as nn
import torch.nn.functional as F
pred = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
target = torch.tensor([[1.0], [2.0], [3.0]])
loss = F.mse_loss(pred, target)
print(loss)
crit = nn.MSELoss()
for step in range(2):
    loss = crit(pred, target)
    print(step, loss.item())
loss.backward()
print(pred.grad)
ok = F.mse_loss(pred, target.view(3))
print(ok)
