import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
print(F.softmax(x))
print(F.log_softmax(x, dim=1))
print(nn.Softmax()(x), nn.Softmax(dim=0)(x))

class Peek(nn.Module):
    def forward(self, t):
        y = t * 2
        print("peek", y.grad)
        return F.softmax(y)

model = nn.Sequential(nn.Softmax(), Peek(), nn.LogSoftmax())
for _ in range(2):
    out = model(x)
print(out)
print(model)
