import torch
x = torch.arange(6)
m = torch.arange(12.).reshape(3, 4)
print(torch.where(x > 2, x, -x), torch.where(x > 2, x, 0), torch.where(x > 2, 1.0, 0.0), torch.where(x > 2, 1, 0))
print(torch.where(x > 2, x.float(), 0), torch.where(x > 2, 0.5, x), torch.where(m > 5, m, torch.zeros(4)))
print(torch.where(x > 2), torch.where(m > 8), (x > 2).where(x > 3, x), x.where(x > 2, torch.tensor(-1)), x.where(x > 2, -1))
print(m.nonzero(), (x > 3).nonzero(as_tuple=True), torch.nonzero(x))
print(m.tolist(), x.tolist(), torch.tensor(2.5).tolist(), torch.tensor([True]).tolist(), m.t().tolist(), torch.zeros(2, 0).tolist())
print(m[0, 0].item(), x[3].item(), torch.tensor([True]).item(), torch.tensor([[7]]).item(), type(x.sum().item()))
print(torch.tensor(0.1).item(), torch.tensor(1 / 3, dtype=torch.float64).item(), torch.tensor(1e20).item(), type(m.mean().item()))
print(m.sum().item() / 2, round(m.std().item(), 4), x.max().item() + 1)


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: torch.where(x, x, x))
attempt(lambda: torch.where(x > 2, x, torch.zeros(2)))
attempt(lambda: m.item())
attempt(lambda: torch.tensor([]).item())
