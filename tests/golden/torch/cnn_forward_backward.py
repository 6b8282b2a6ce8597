# A small LeNet-like model on a batch of 8 28x28 images: forward, loss, backward, one SGD step.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(4, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 6 * 6, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = F.avg_pool2d(F.relu(self.conv2(x)), 2)
        return self.fc(torch.flatten(x, 1))


net = Net()
print(net)
x = torch.randn(8, 1, 28, 28)
y = torch.randint(0, 10, (8,))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
out = net(x)
print(out.shape, out.grad_fn.name())
loss = F.cross_entropy(out, y)
print(loss)
opt.zero_grad()
loss.backward()
print(net.conv1.weight.grad[0])
print(net.conv2.weight.grad[0, 0], net.conv2.bias.grad.shape)
opt.step()
print(net.conv1.weight[0, 0], net.conv1.weight._version)
print(F.cross_entropy(net(x), y))
seq = nn.Sequential(nn.Conv2d(1, 2, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2, 3))
print(seq)
print(seq(x).shape)
