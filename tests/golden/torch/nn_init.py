# torch.nn.init: the initialisers courses call on a model's weights, drawing PyTorch's numbers
# after manual_seed, in place (same object, version moved, no history).
import torch
import torch.nn as nn
from torch.nn import init
torch.manual_seed(0)

w = torch.empty(3, 5)
r = nn.init.uniform_(w)
print(r is w, w._version)
print(w)
print(nn.init.uniform_(torch.empty(2, 2), a=-0.1, b=0.1))
print(nn.init.normal_(torch.empty(2, 3), mean=1.0, std=0.02))
print(nn.init.normal_(torch.empty(4)))
print(nn.init.constant_(torch.empty(2, 2), 0.3))
print(nn.init.constant_(torch.empty(3, dtype=torch.long), 7))
print(nn.init.ones_(torch.empty(2)), nn.init.zeros_(torch.empty(2, 1)))
print(nn.init.xavier_uniform_(torch.empty(3, 5)))
print(nn.init.xavier_uniform_(torch.empty(3, 5), gain=nn.init.calculate_gain('relu')))
print(nn.init.xavier_normal_(torch.empty(2, 4, 3)))
print(nn.init.kaiming_uniform_(torch.empty(3, 4)))
print(nn.init.kaiming_uniform_(torch.empty(3, 4), a=5 ** 0.5))
print(nn.init.kaiming_normal_(torch.empty(3, 4), mode='fan_out', nonlinearity='relu'))
print(nn.init.kaiming_normal_(torch.empty(2, 2, 2, 2), mode='FAN_IN'))
print(init.kaiming_uniform_(torch.empty(4, 2), nonlinearity='leaky_relu', a=0.2))

for nl in ['linear', 'conv2d', 'sigmoid', 'tanh', 'relu', 'leaky_relu', 'selu']:
    print(nl, nn.init.calculate_gain(nl))
print(nn.init.calculate_gain('leaky_relu', 0.2), nn.init.calculate_gain('leaky_relu', 1))

# On a model: under no_grad, so a leaf that requires grad can be filled; no grad_fn.
torch.manual_seed(1)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        nn.init.zeros_(m.bias)


model.apply(init_weights)
print(model[0].weight, model[0].weight._version, model[0].weight.grad_fn)
print(model[2].bias)
for name, p in model.named_parameters():
    if p.dim() > 1:
        nn.init.kaiming_normal_(p, nonlinearity='relu')
print(model[2].weight)
out = model(torch.ones(1, 3)).sum()
out.backward()
print(model[0].weight.grad)

print(nn.init.kaiming_uniform_(torch.empty(0, 3)))
for bad in [lambda: nn.init.xavier_uniform_(torch.empty(3)),
            lambda: nn.init.kaiming_normal_(torch.empty(3, 2), mode='fan'),
            lambda: nn.init.calculate_gain('foo'),
            lambda: nn.init.calculate_gain('leaky_relu', True)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
nn.init.kaiming_uniform_(torch.empty(3, 2), nonlinearity='bad')
