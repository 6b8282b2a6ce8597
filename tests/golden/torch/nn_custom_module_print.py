import torch
import torch.nn as nn
import torch.nn.functional as F
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 3)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(3, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))

net = Net()
print(net)
print([n for n, p in net.named_parameters()])
print(sum(p.numel() for p in net.parameters()))
