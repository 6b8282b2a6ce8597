import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
x = torch.randn(6, 4)
labels = torch.tensor([0, 1, 2, 0, 1, 2])
opt = torch.optim.SGD(model.parameters(), lr=0.5)
for i in range(3):
    logits = model(x)
    loss = F.cross_entropy(logits, labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(i, round(loss.item(), 4))
print(logits.argmax(dim=1))
