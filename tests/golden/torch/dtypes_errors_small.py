import torch

h = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.half)
ops = [
    ("exp", lambda: h.exp()), ("log", lambda: h.log()), ("sqrt", lambda: torch.sqrt(h)),
    ("sin", lambda: h.sin()), ("tanh", lambda: h.tanh()), ("sigmoid", lambda: h.sigmoid()),
    ("relu", lambda: h.relu()), ("round", lambda: h.round()), ("floor", lambda: h.floor()),
    ("softmax", lambda: h.softmax(0)), ("log_softmax", lambda: h.log_softmax(0)), ("prod", lambda: h.prod()),
    ("cumsum", lambda: h.cumsum(0)), ("clamp", lambda: h.clamp(0, 2)), ("clamp_min", lambda: h.clamp(min=0)),
    ("matmul", lambda: h.reshape(2, 2) @ h.reshape(2, 2)), ("mm", lambda: h.reshape(2, 2).mm(h.reshape(2, 2))),
    ("logsumexp", lambda: h.logsumexp(0)), ("rsqrt", lambda: h.rsqrt()), ("bitwise", lambda: h & h),
    ("invert", lambda: ~h),
]
for name, f in ops:
    try:
        f()
        print(name, "ok")
    except (RuntimeError, TypeError) as e:
        print(name, type(e).__name__, e)
b = torch.tensor([1.0, 2.0], dtype=torch.bfloat16)
for name, f in [("prod", lambda: b.prod()), ("and", lambda: b & b)]:
    try:
        f()
    except RuntimeError as e:
        print(name, e)
for dt in [torch.int8, torch.int16, torch.uint8]:
    t = torch.tensor([1, 2], dtype=dt)
    for name, f in [("mean", lambda: t.mean()), ("std", lambda: t.std()), ("softmax", lambda: t.softmax(0)),
                    ("norm", lambda: t.norm())]:
        try:
            f()
        except RuntimeError as e:
            print(dt, name, e)
print(torch.tensor([1, 2], dtype=torch.uint8).mean())
