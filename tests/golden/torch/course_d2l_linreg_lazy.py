import torch
from torch import nn

class SyntheticRegressionData:
    def __init__(self, w, b, noise=0.01, num_train=100, num_val=100, batch_size=8):
        n = num_train + num_val
        self.num_train = num_train
        self.batch_size = batch_size
        self.X = torch.randn(n, len(w))
        noise = torch.randn(n, 1) * noise
        self.y = torch.matmul(self.X, w.reshape((-1, 1))) + b + noise

    def get_dataloader(self, train):
        i = slice(0, self.num_train) if train else slice(self.num_train, None)
        tensors = (self.X[i], self.y[i])
        dataset = torch.utils.data.TensorDataset(*tensors)
        return torch.utils.data.DataLoader(dataset, self.batch_size, shuffle=train)

class LinearRegression(nn.Module):
    def __init__(self, lr):
        super().__init__()
        self.lr = lr
        self.net = nn.LazyLinear(1)
        self.net.weight.data.normal_(0, 0.01)
        self.net.bias.data.fill_(0)

    def forward(self, X):
        return self.net(X)

    def loss(self, y_hat, y):
        fn = nn.MSELoss()
        return fn(y_hat, y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), self.lr)

    def get_w_b(self):
        return (self.net.weight.data, self.net.bias.data)

torch.manual_seed(0)
model = LinearRegression(lr=0.03)
print(model)
print(model.net.weight)
data = SyntheticRegressionData(w=torch.tensor([2, -3.4]), b=4.2)
X, y = next(iter(data.get_dataloader(train=True)))
print('X shape:', X.shape, '\ny shape:', y.shape)
print(model(X).shape)
print(model)
optim = model.configure_optimizers()
for epoch in range(3):
    for X, y in data.get_dataloader(train=True):
        l = model.loss(model(X), y)
        optim.zero_grad()
        l.backward()
        optim.step()
    with torch.no_grad():
        val = sum(model.loss(model(X), y) for X, y in data.get_dataloader(train=False))
    print(f'epoch {epoch + 1}, val loss {float(val):.4f}')
w, b = model.get_w_b()
print(f'error in estimating w: {data.X.new_tensor([2, -3.4]) - w.reshape((2,))}')
print(f'error in estimating b: {4.2 - b}')
print(model.net.weight.grad_fn, model.net.weight.is_leaf, type(model.net.weight).__name__)
