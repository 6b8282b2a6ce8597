import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
opt = torch.optim.Adam(
    [
        {"params": model[0].parameters()},
        {"params": model[2].parameters(), "lr": 0.1, "betas": (0.5, 0.6)},
    ],
    lr=0.01,
)
print(opt)
print(opt.state)
x = torch.randn(8, 3)
y = torch.randn(8, 1)
for epoch in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print(epoch, loss.item())
    opt.param_groups[0]["lr"] *= 0.5
print([g["lr"] for g in opt.param_groups])
st = opt.state[model[2].bias]
print(st["step"], st["step"].dtype, st["exp_avg"], st["exp_avg_sq"])
print(len(opt.state), model[0].weight in opt.state)
print(sorted(opt.state_dict().keys()))
print(opt.state_dict()["param_groups"][1])
opt.zero_grad()
print(model[0].bias.grad)
opt.zero_grad(set_to_none=True)
print(model[0].bias.grad)
opt.step()
print(opt.state[model[0].bias]["step"])
extra = nn.Parameter(torch.zeros(2))
opt.add_param_group({"params": extra, "weight_decay": 0.5})
print(opt.param_groups[2]["weight_decay"], opt.param_groups[2]["lr"])
print(opt.state[extra])
print(len(opt.state))
opt.add_param_group({"params": [extra]})
