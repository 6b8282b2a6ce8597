import torch
print(torch.arange(24).reshape(2, 3, 4))
print(torch.arange(16.0).reshape(2, 2, 2, 2) / 3)
print(torch.ones(2, 1, 3, dtype=torch.bool))
print(str(torch.tensor([1, -100])), repr(torch.tensor([[-1.5]])))
print(f"{torch.tensor(2.5):.3f}", "{}".format(torch.tensor([1, 2])), "%s" % torch.tensor([3]))
