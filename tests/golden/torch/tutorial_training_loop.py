import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.linspace(-1, 1, 20).reshape(-1, 1)
y = 3 * x + 0.5
model = nn.Linear(1, 1)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(5):
    pred = model(x)
    loss = loss_fn(pred, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")
print(model.weight, model.bias)
