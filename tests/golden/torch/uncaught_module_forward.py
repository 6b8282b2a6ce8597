import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        h = self.fc(x)
        return h.view(3)

net = Net()
print(net)
net(torch.ones(2))
