import torch

for dt in [torch.int8, torch.int16, torch.short, torch.uint8, torch.float16, torch.half, torch.bfloat16]:
    t = torch.tensor([1, 2, 3], dtype=dt)
    print(dt, t, t.dtype, t.element_size(), t.is_floating_point(), dt.is_floating_point, dt.is_signed)
print(torch.half is torch.float16, torch.short == torch.int16)

print(torch.zeros(2, 3, dtype=torch.int8))
print(torch.ones(4, dtype=torch.float16))
print(torch.full((2, 2), 7, dtype=torch.uint8))
print(torch.full((3,), 0.1, dtype=torch.bfloat16))
print(torch.arange(5, dtype=torch.int16))
print(torch.arange(0, 1, 0.25, dtype=torch.half))
print(torch.empty(0, dtype=torch.bfloat16))
print(torch.eye(3, dtype=torch.uint8))
print(torch.linspace(0, 1, 5, dtype=torch.float16))
print(torch.zeros_like(torch.ones(2, dtype=torch.int8)))

x = torch.tensor([[1.5, -2.25], [3.0, 0.1]])
print(x.half(), x.bfloat16(), x.byte(), x.char(), x.short(), sep="\n")
print(x.to(torch.int8).dtype, x.type(torch.int16).dtype, x.type(torch.float16).dtype)
print(x.half().type(), x.bfloat16().type(), x.byte().type(), x.char().type(), x.short().type())
print(x.half().float(), x.half().double().dtype, x.bfloat16().long())
print(torch.tensor(3, dtype=torch.uint8).item(), torch.tensor(0.1, dtype=torch.half).item())
print(torch.tensor([0.1, 1 / 3], dtype=torch.bfloat16).tolist())
print(torch.tensor([-3, 5], dtype=torch.int8).tolist(), type(torch.tensor([1], dtype=torch.half).tolist()[0]))
