import torch
# Every dtype name of the torch module, and Python's float/int/bool where PyTorch takes a dtype.
print(torch.float32, torch.float, torch.float64, torch.double)
print(torch.int64, torch.long, torch.int32, torch.int, torch.bool)
print(torch.float is torch.float32, torch.double is torch.float64, torch.long is torch.int64, torch.int is torch.int32)
print(torch.float64 == torch.double, torch.int32 != torch.int64, str(torch.float32), repr(torch.int64))
print(torch.zeros(2, dtype=float), torch.zeros(2, dtype=int), torch.zeros(2, dtype=bool))
print(torch.tensor([1, 2]).to(float), torch.tensor([1.5]).to(int), torch.arange(3, dtype=float))
print(torch.ones(2, dtype=torch.double).dtype, torch.full((2,), 1, dtype=bool))
print(torch.float32.is_floating_point, torch.int64.is_floating_point, torch.get_default_dtype())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: torch.zeros(2, dtype=5))
attempt(lambda: torch.zeros(2, dtype='float'))
attempt(lambda: torch.tensor([1.0]).to(dtype=5))
attempt(lambda: torch.ones(3).to(5.0))
