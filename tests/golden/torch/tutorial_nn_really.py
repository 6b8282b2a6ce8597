# "What is torch.nn really?", on random stand-ins for MNIST (no numpy, no DataLoader).
import math
import torch
import torch.nn.functional as F
from torch import nn
from torch import optim

torch.manual_seed(0)
x_train = torch.rand(256, 784)
y_train = torch.randint(0, 10, (256,))
x_valid = torch.rand(64, 784)
y_valid = torch.randint(0, 10, (64,))
n, c = x_train.shape
print(x_train, y_train)
print(x_train.shape)
print(y_train.min(), y_train.max())

weights = torch.randn(784, 10) / math.sqrt(784)
weights.requires_grad_()
bias = torch.zeros(10, requires_grad=True)

def log_softmax(x):
    return x - x.exp().sum(-1).log().unsqueeze(-1)

def model(xb):
    return log_softmax(xb @ weights + bias)

bs = 64  # batch size

xb = x_train[0:bs]  # a mini-batch from x
preds = model(xb)  # predictions
print(preds[0], preds.shape)

def nll(input, target):
    return -input[range(target.shape[0]), target].mean()

loss_func = nll

yb = y_train[0:bs]
print(loss_func(preds, yb))

def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()

print(accuracy(preds, yb))

lr = 0.05  # learning rate
epochs = 2  # how many epochs to train for

for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        end_i = start_i + bs
        xb = x_train[start_i:end_i]
        yb = y_train[start_i:end_i]
        pred = model(xb)
        loss = loss_func(pred, yb)

        loss.backward()
        with torch.no_grad():
            weights -= weights.grad * lr
            bias -= bias.grad * lr
            weights.grad.zero_()
            bias.grad.zero_()

print(f"{loss_func(model(xb), yb).item():.4f}", accuracy(model(xb), yb))

loss_func = F.cross_entropy

def model(xb):
    return xb @ weights + bias

print(f"{loss_func(model(xb), yb).item():.4f}", accuracy(model(xb), yb))

class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = nn.Parameter(torch.randn(784, 10) / math.sqrt(784))
        self.bias = nn.Parameter(torch.zeros(10))

    def forward(self, xb):
        return xb @ self.weights + self.bias

model = Mnist_Logistic()
print(f"{loss_func(model(xb), yb).item():.4f}")

def fit():
    for epoch in range(epochs):
        for i in range((n - 1) // bs + 1):
            start_i = i * bs
            end_i = start_i + bs
            xb = x_train[start_i:end_i]
            yb = y_train[start_i:end_i]
            pred = model(xb)
            loss = loss_func(pred, yb)

            loss.backward()
            with torch.no_grad():
                for p in model.parameters():
                    p -= p.grad * lr
                model.zero_grad()

fit()
print(f"{loss_func(model(xb), yb).item():.4f}")

class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(784, 10)

    def forward(self, xb):
        return self.lin(xb)

model = Mnist_Logistic()
print(model)
print(f"{loss_func(model(xb), yb).item():.4f}")
fit()
print(f"{loss_func(model(xb), yb).item():.4f}")

def get_model():
    model = Mnist_Logistic()
    return model, optim.SGD(model.parameters(), lr=lr)

model, opt = get_model()
print(f"{loss_func(model(xb), yb).item():.4f}")

for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        end_i = start_i + bs
        xb = x_train[start_i:end_i]
        yb = y_train[start_i:end_i]
        pred = model(xb)
        loss = loss_func(pred, yb)

        loss.backward()
        opt.step()
        opt.zero_grad()

print(f"{loss_func(model(xb), yb).item():.4f}")

# Validation, as the tutorial's fit() with model.train() / model.eval()
model.eval()
with torch.no_grad():
    valid_loss = loss_func(model(x_valid), y_valid)
print(f"{epoch} {valid_loss.item():.3f}", accuracy(model(x_valid), y_valid))
