import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Flatten(),
    nn.Linear(4, 8),
    nn.ReLU(),
    nn.Linear(8, 8),
    nn.ReLU(),
    nn.Linear(8, 3),
    nn.Softmax(dim=1),
)
print(model)
print(len(model))
print(model[0])
print(model[1])
print(model[-1])
print(model[-2].weight.shape)
for i, layer in enumerate(model):
    print(i, type(layer).__name__)
x = torch.rand(2, 2, 2)
out = model(x)
print(out)
print(out.sum(1))
print(out.argmax(1))
for name, param in model.named_parameters():
    print(f"Layer: {name} | Size: {param.size()} | Values : {param[:2]} \n")

nested = nn.Sequential(
    nn.Sequential(nn.Linear(2, 3), nn.ReLU()),
    nn.Sequential(nn.Linear(3, 1), nn.Flatten(0, 1)),
)
print(nested)
print(nested[0][0])
print([n for n, _ in nested.named_parameters()])
print(nested(torch.ones(4, 2)).shape)

class Block(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n, n), nn.ReLU())
        self.head = nn.Linear(n, 1, bias=False)

    def forward(self, x):
        return self.head(self.body(x) + x)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block1 = Block(3)
        self.flat = nn.Flatten(start_dim=0, end_dim=-1)

    def forward(self, x):
        return self.flat(self.block1(x))

net = Net()
print(net)
print(net(torch.ones(2, 3)))
print([n for n, _ in net.named_parameters()])
try:
    model[7]
except IndexError as e:
    print(e)
