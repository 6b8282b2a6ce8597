import torch
import torch.nn as nn

class TinyNet(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super(TinyNet, self).__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(n_hidden, n_out)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))

torch.manual_seed(0)
net = TinyNet(3, 4, 2)
n_params = sum(p.numel() for p in net.parameters())
print(f"parameters: {n_params}")
for name, p in net.named_parameters():
    print(f"{name:>12}: {tuple(p.shape)}")
x = torch.randn(5, 3)
out = net(x)
print(out.shape, isinstance(out, torch.Tensor), type(out).__name__)
assert out.shape == (5, 2), "bad shape"
print(out.shape == torch.Size([5, 2]), list(out.shape), out.shape[0])
losses = []
opt = torch.optim.SGD(net.parameters(), lr=0.1)
target = torch.zeros(5, 2)
for step in range(30):
    opt.zero_grad()
    loss = ((net(x) - target) ** 2).mean()
    loss.backward()
    opt.step()
    losses.append(loss.item())
    if step % 10 == 9:
        print(f"step {step + 1}: loss {loss.item():.4f}")
print(len(losses), losses[0] > losses[-1], f"{losses[-1]:.3f}")
with torch.no_grad():
    preds = net(x).argmax(dim=1)
print(preds.tolist(), [int(v) for v in preds])
