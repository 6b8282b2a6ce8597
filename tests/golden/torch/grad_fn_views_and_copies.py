import torch
m = torch.arange(6.).reshape(2, 3).requires_grad_()
cases = {
    "view": lambda: m.view(3, 2), "reshape": lambda: m.reshape(6), "t().reshape": lambda: m.t().reshape(6),
    "T": lambda: m.T, "mT": lambda: m.mT, "flatten": lambda: m.flatten(), "unflatten": lambda: m.unflatten(1, (3, 1)),
    "squeeze": lambda: m.unsqueeze(0).squeeze(), "expand": lambda: m.expand(2, 2, 3), "narrow": lambda: m.narrow(1, 0, 2),
    "select": lambda: m.select(0, 1), "unbind": lambda: m.unbind(0)[0], "split": lambda: m.split(1)[0],
    "chunk": lambda: m.chunk(2)[1], "diagonal": lambda: m.diagonal(), "movedim": lambda: m.movedim(0, 1),
    "unfold": lambda: m.unfold(1, 2, 1), "as_strided": lambda: m.as_strided((2,), (1,)), "clone": lambda: m.clone(),
    "t().contiguous": lambda: m.t().contiguous(), "to": lambda: m.to(torch.float64), "m[0]": lambda: m[0],
    "m[:, 1:]": lambda: m[:, 1:], "m[0, 1]": lambda: m[0, 1], "m[...]": lambda: m[...], "m[None]": lambda: m[None],
    "m[[0, 1]]": lambda: m[[0, 1]], "m[m > 2]": lambda: m[m > 2], "index_select": lambda: m.index_select(1, torch.tensor([0, 2])),
    "gather": lambda: m.gather(1, torch.tensor([[0], [2]])), "masked_select": lambda: m.masked_select(m > 1),
    "cat": lambda: torch.cat([m, m]), "stack": lambda: torch.stack([m, m]), "repeat": lambda: m.repeat(2, 1),
    "flip": lambda: m.flip(0), "view_as": lambda: m.view_as(m), "expand_as": lambda: m[0].expand_as(m),
    "reshape_as": lambda: m.reshape_as(m), "swapaxes": lambda: m.swapaxes(0, 1),
}
for name, make in cases.items():
    y = make()
    fn = y.grad_fn
    print(name, fn.name(), [(f.name() if f is not None else None, i) for f, i in fn.next_functions])
    (y * torch.arange(y.numel(), dtype=y.dtype).reshape(y.shape)).sum().backward()
    print("  grad", m.grad.tolist())
    m.grad = None
