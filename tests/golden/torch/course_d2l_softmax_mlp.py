import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(42)
# a tiny stand-in for Fashion-MNIST: 3 classes of 1x4x4 "images"
X = torch.randn(48, 1, 4, 4)
y = torch.randint(0, 3, (48,))
X[y == 1] += 1.0
X[y == 2] -= 1.0
train_iter = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(X, y), batch_size=16, shuffle=True)

def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdims=True)
    return X_exp / partition

X0 = torch.rand((2, 5))
X_prob = softmax(X0)
print(X_prob, X_prob.sum(1))

def cross_entropy(y_hat, y):
    return -torch.log(y_hat[list(range(len(y_hat))), y]).mean()

y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
print(y_hat[[0, 1], [0, 2]], cross_entropy(y_hat, torch.tensor([0, 2])))

class SoftmaxRegression(nn.Module):
    def __init__(self, num_outputs, lr):
        super().__init__()
        self.lr = lr
        self.net = nn.Sequential(nn.Flatten(), nn.LazyLinear(num_outputs))

    def forward(self, X):
        return self.net(X)

def accuracy(Y_hat, Y):
    Y_hat = Y_hat.reshape((-1, Y_hat.shape[-1]))
    preds = Y_hat.argmax(axis=1).type(Y.dtype)
    compare = (preds == Y.reshape(-1)).type(torch.float32)
    return compare.mean()

def fit(model, lr, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for epoch in range(epochs):
        for Xb, yb in train_iter:
            Y_hat = model(Xb)
            l = F.cross_entropy(Y_hat, yb, reduction='mean')
            opt.zero_grad()
            l.backward()
            opt.step()
        with torch.no_grad():
            print(f'epoch {epoch + 1}: loss {F.cross_entropy(model(X), y):.4f}, acc {accuracy(model(X), y):.3f}')

model = SoftmaxRegression(num_outputs=3, lr=0.1)
model(X[:1])
print(model)
fit(model, 0.1, 3)

class MLP(nn.Module):
    def __init__(self, num_outputs, num_hiddens, lr):
        super().__init__()
        self.net = nn.Sequential(nn.Flatten(), nn.LazyLinear(num_hiddens),
                                 nn.ReLU(), nn.LazyLinear(num_outputs))
    def forward(self, X):
        return self.net(X)

mlp = MLP(num_outputs=3, num_hiddens=8, lr=0.1)
print(mlp)
try:
    torch.optim.SGD(mlp.parameters(), lr=0.1)
except Exception as e:
    print(type(e).__name__, e)
mlp(X[:2])
print(mlp)
print([p.shape for p in mlp.parameters()])
fit(mlp, 0.1, 3)

def dropout_layer(X, dropout):
    assert 0 <= dropout <= 1
    if dropout == 1: return torch.zeros_like(X)
    mask = (torch.rand(X.shape) > dropout).float()
    return mask * X / (1.0 - dropout)

X1 = torch.arange(16, dtype = torch.float32).reshape((2, 8))
print('dropout_p = 0:', dropout_layer(X1, 0))
print('dropout_p = 0.5:', dropout_layer(X1, 0.5))
print('dropout_p = 1:', dropout_layer(X1, 1))

class DropoutMLP(nn.Module):
    def __init__(self, num_outputs, num_hiddens_1, num_hiddens_2, dropout_1, dropout_2):
        super().__init__()
        self.net = nn.Sequential(
            nn.Flatten(), nn.LazyLinear(num_hiddens_1), nn.ReLU(),
            nn.Dropout(dropout_1), nn.LazyLinear(num_hiddens_2), nn.ReLU(),
            nn.Dropout(dropout_2), nn.LazyLinear(num_outputs))
    def forward(self, X):
        return self.net(X)

dmlp = DropoutMLP(3, 8, 8, 0.5, 0.5)
out = dmlp(X[:4])
print(out.shape, out.grad_fn)
fit(dmlp, 0.1, 2)
dmlp.eval()
print(dmlp(X[:2]))
