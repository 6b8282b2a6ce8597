import torch

v = torch.tensor([-1.5, 300.7, float("nan"), float("inf"), -129.9, 1e10, 255.9, 40000.2, -40000.0, 0.5, -0.5])
print(v.to(torch.uint8))
print(v.to(torch.int8))
print(v.to(torch.int16))
print(v.double().to(torch.uint8))
print(torch.tensor([4294967301.0, 2.0**31 + 7], dtype=torch.float64).to(torch.uint8))
print(torch.tensor([2.0**31 + 7], dtype=torch.float64).to(torch.int16))
print(v.half().to(torch.uint8))

# float to 16-bit floats: round to nearest even, overflow to inf
h = torch.tensor([1.0, 0.1, 65504.0, 65519.0, 65520.0, 1e-8, 3e-8, 1.00146484375, 1e6, -70000.0])
print(h.half())
print(h.bfloat16())
print(h.half().tolist())
print(h.bfloat16().tolist())
print(torch.tensor([1 + 2**-11, 1 + 3 * 2**-11], dtype=torch.float64).half().tolist())
print(torch.tensor([1 + 2**-8, 1 + 3 * 2**-8]).bfloat16().tolist())
print(torch.tensor([300, -1, 70000]).to(torch.uint8), torch.tensor([300, -1, 70000]).to(torch.int8))
print(torch.tensor([True, False]).half(), torch.tensor([0.0, 2.5], dtype=torch.half).bool())
print(torch.tensor([1.0, 2.0], dtype=torch.half).to(torch.bfloat16))

# the checked conversion of Python numbers
for dt in [torch.uint8, torch.int8, torch.int16, torch.float16, torch.bfloat16]:
    for value in [300, -1, -255, 1.5, -0.5, 127.9, 70000.0, float("nan"), True]:
        try:
            print(dt, value, torch.tensor([value], dtype=dt))
        except RuntimeError as e:
            print(dt, value, "RuntimeError:", e)
