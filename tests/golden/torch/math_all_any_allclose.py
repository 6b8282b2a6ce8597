import torch
x = torch.tensor([[True, False], [True, True]])
print(x.all(), x.any(), x.all(dim=1), x.any(0), torch.all(x), torch.any(x, 1))
a = torch.tensor([1.0, 2.0])
print(torch.allclose(a, a + 1e-9), a.allclose(a + 1), torch.equal(a, a.clone()), a.equal(a[:1]))
