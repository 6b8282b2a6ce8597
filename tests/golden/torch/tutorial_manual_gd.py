import torch
torch.manual_seed(0)
x = torch.linspace(0, 1, 10)
y = 2 * x + 1
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.5
for i in range(4):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    print(i, f"{loss.item():.5f}", w.item() > 0)
print(w, b)
