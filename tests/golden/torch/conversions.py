import torch
x = torch.tensor([1.7, -2.3, 0.0])
print(x.int(), x.long(), x.double(), x.bool(), x.float() is x)
print(x.to(torch.int64), x.to(dtype=torch.float64), x.to(torch.float32) is x, x.type(torch.int32))
print(x.type(), x.long().type(), x.to(torch.bool).type())
print(x.to(torch.ones(1, dtype=torch.int32)).dtype, x.to('cpu') is x)
print(float(x[0]), int(x[1]), bool(x[2]), int(torch.tensor(2.9)))
