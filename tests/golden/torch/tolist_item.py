import torch
x = torch.arange(6).reshape(2, 3)
print(x.tolist(), x.float().tolist(), torch.tensor([True, False]).tolist())
print(torch.tensor(3).tolist(), x[1, 2].item(), torch.tensor([2.5]).item(), torch.tensor(True).item())
print(type(x[0, 0].item()).__name__, type(x.float()[0, 0].item()).__name__)
try:
    x.item()
except Exception as e:
    print(type(e).__name__, e)
