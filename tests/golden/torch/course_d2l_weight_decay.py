import torch
from torch import nn

torch.manual_seed(1)
num_train, num_val, num_inputs, batch_size = 20, 50, 20, 5
n = num_train + num_val
X = torch.randn(n, num_inputs)
noise = torch.randn(n, 1) * 0.01
w, b = torch.ones((num_inputs, 1)) * 0.01, 0.05
y = torch.matmul(X, w) + b + noise
train = torch.utils.data.TensorDataset(X[:num_train], y[:num_train])
train_iter = torch.utils.data.DataLoader(train, batch_size, shuffle=True)

def l2_penalty(w):
    return (w ** 2).sum() / 2

def init_params():
    w = torch.normal(0, 1, size=(num_inputs, 1), requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    return [w, b]

def train_scratch(lambd):
    w, b = init_params()
    for epoch in range(10):
        for Xb, yb in train_iter:
            l = ((Xb @ w + b - yb) ** 2 / 2).mean() + lambd * l2_penalty(w)
            l.backward()
            with torch.no_grad():
                for param in [w, b]:
                    param -= 0.01 * param.grad
                    param.grad.zero_()
    print(f'L2 norm of w: {float(l2_penalty(w)):.4f}')
    with torch.no_grad():
        print(f'val loss: {float(((X[num_train:] @ w + b - y[num_train:]) ** 2 / 2).mean()):.4f}')

train_scratch(0)
train_scratch(3)

class WeightDecay(nn.Module):
    def __init__(self, wd, lr):
        super().__init__()
        self.wd, self.lr = wd, lr
        self.net = nn.LazyLinear(1)
        self.net.weight.data.normal_(0, 0.01)
        self.net.bias.data.fill_(0)

    def forward(self, X):
        return self.net(X)

    def configure_optimizers(self):
        return torch.optim.SGD([
            {'params': self.net.weight, 'weight_decay': self.wd},
            {'params': self.net.bias}], lr=self.lr)

model = WeightDecay(wd=3, lr=0.01)
opt = model.configure_optimizers()
print(opt)
loss = nn.MSELoss()
for epoch in range(10):
    for Xb, yb in train_iter:
        l = loss(model(Xb), yb)
        opt.zero_grad()
        l.backward()
        opt.step()
print(model)
print(f'L2 norm of w: {float(l2_penalty(model.net.weight)):.6f}')
print(opt.param_groups[0]['weight_decay'], opt.param_groups[1]['weight_decay'])
