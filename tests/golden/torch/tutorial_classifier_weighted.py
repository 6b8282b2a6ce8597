# An imbalanced three-class problem: class weights, label smoothing and a log-softmax model trained
# with NLLLoss, in the style of the classification tutorials (in-memory tensors, no DataLoader).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(60, 4)
y = (X[:, 0] > 0.8).long() + (X[:, 1] > 0.8).long()
counts = torch.stack([(y == k).sum() for k in range(3)])
print(counts)
class_weights = counts.sum() / (3 * counts.float())
print(class_weights)

model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Dropout(p=0.1), nn.Linear(16, 3))
loss_fn = nn.CrossEntropyLoss(weight=class_weights, label_smoothing=0.05)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(model)
print(loss_fn, loss_fn.label_smoothing, loss_fn.weight)

for epoch in range(20):
    model.train()
    optimizer.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    optimizer.step()
    if epoch % 5 == 4:
        model.eval()
        with torch.no_grad():
            pred = model(X).argmax(1)
        print(f"epoch {epoch + 1}: loss {loss.item():.4f}, accuracy {(pred == y).float().mean().item():.3f}")

log_model = nn.Sequential(nn.Linear(4, 3), nn.LogSoftmax(dim=1))
nll = nn.NLLLoss(weight=class_weights)
out = log_model(X)
print(out.shape, out.exp().sum(1)[:3])
l = nll(out, y)
l.backward()
print(f"{l.item():.4f}", l.grad_fn.name(), log_model[0].weight.grad.shape)
