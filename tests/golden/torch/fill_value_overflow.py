# fill_, full, new_full, full_like, masked_fill, index_fill: a value the dtype cannot hold raises.
import torch
cases = [(torch.int8, 127), (torch.int8, 128), (torch.int8, -129), (torch.uint8, -255), (torch.uint8, -256),
         (torch.uint8, 255.0), (torch.uint8, 255.5), (torch.uint8, -0.5), (torch.uint8, 2.5), (torch.int8, float('nan')),
         (torch.int16, 70000), (torch.int32, 2**31 - 1), (torch.int32, 2.0**31), (torch.int64, 1e19),
         (torch.int64, float('inf')), (torch.float16, 1e6), (torch.float16, 70000), (torch.float16, float('inf')),
         (torch.float32, 1e300), (torch.float32, float('nan')), (torch.bfloat16, 1e300), (torch.float64, 1e300),
         (torch.bool, 300), (torch.int16, True)]
fills = {
    'fill_': lambda dt, v: torch.zeros(2, dtype=dt).fill_(v),
    'full': lambda dt, v: torch.full((2,), v, dtype=dt),
    'new_full': lambda dt, v: torch.zeros(2, dtype=dt).new_full((2,), v),
    'full_like': lambda dt, v: torch.full_like(torch.zeros(2, dtype=dt), v),
    'masked_fill': lambda dt, v: torch.zeros(2, dtype=dt).masked_fill(torch.tensor([True, False]), v),
    'index_fill_': lambda dt, v: torch.zeros(2, dtype=dt).index_fill_(0, torch.tensor([0]), v),
}
for dt, v in cases:
    out = []
    for name, f in fills.items():
        try:
            out.append(str(f(dt, v).tolist()))
        except RuntimeError as e:
            out.append("RuntimeError: " + str(e))
    if len(set(out)) == 1:
        print(dt, v, "all:", out[0])
    else:
        print(dt, v, out)
t = torch.zeros(3, dtype=torch.int8)
try:
    t.fill_(torch.tensor(300))
except RuntimeError as e:
    print("RuntimeError:", e)
print(t, t._version)
t.fill_(torch.tensor(-5))
print(t, t._version)
print(torch.full((2, 2), 7, dtype=torch.uint8), torch.full((1,), -1, dtype=torch.uint8))
