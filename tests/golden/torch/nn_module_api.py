import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

class TinyModel(nn.Module):
    def __init__(self):
        super(TinyModel, self).__init__()
        self.linear1 = nn.Linear(100, 200)
        self.activation = nn.ReLU()
        self.linear2 = nn.Linear(200, 10)
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        x = self.linear1(x)
        x = self.activation(x)
        x = self.linear2(x)
        x = self.softmax(x)
        return x

tinymodel = TinyModel()

print('The model:')
print(tinymodel)

print('\n\nJust one layer:')
print(tinymodel.linear2)

print('\n\nModel params:')
for param in tinymodel.parameters():
    print(param.shape, param.requires_grad, param.is_leaf, type(param).__name__)

print('\n\nLayer params:')
for param in tinymodel.linear2.parameters():
    print(param[:2] if param.dim() == 1 else param[:2, :3])

lin = nn.Linear(3, 2)
x = torch.rand(1, 3)
print('Input:')
print(x)

print('\n\nWeight and Bias parameters:')
for param in lin.parameters():
    print(param)

y = lin(x)
print('\n\nOutput:')
print(y)

print(tinymodel.parameters())
print(type(tinymodel.named_parameters()).__name__)
params = list(tinymodel.parameters())
print(len(params), [tuple(p.shape) for p in params])
print([name for name, _ in tinymodel.named_parameters()])
print(sum(p.numel() for p in tinymodel.parameters() if p.requires_grad))
print([name for name, _ in tinymodel.named_children()])
print(len(list(tinymodel.modules())), len(list(tinymodel.children())))
print(isinstance(tinymodel, nn.Module), isinstance(tinymodel.linear1, nn.Linear), isinstance(params[0], nn.Parameter), isinstance(params[0], torch.Tensor))
out = tinymodel(torch.rand(4, 100))
print(out.shape, out.sum(dim=1), out.grad_fn.name())
print(tinymodel.training)
tinymodel.eval()
print(tinymodel.training, tinymodel.linear1.training)
tinymodel.train()
print(tinymodel.training, tinymodel.softmax.training)
print(tinymodel.linear1.in_features, tinymodel.linear1.out_features)
print(tinymodel.linear1.weight.shape, tinymodel.linear1.bias.shape)
