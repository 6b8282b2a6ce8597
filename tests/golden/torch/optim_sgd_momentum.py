import torch
import torch.optim as optim
w = torch.tensor([1.0, 2.0], requires_grad=True)
opt = optim.SGD([w], lr=0.1, momentum=0.9)
for _ in range(3):
    opt.zero_grad()
    (w * w).sum().backward()
    opt.step()
    print(w, w.grad)
print(opt.param_groups[0]['lr'], opt.param_groups[0]['momentum'])
