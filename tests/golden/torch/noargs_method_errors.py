import torch
x = torch.ones(2, 2)
for call in [lambda: x.floor(a=1), lambda: x.t(1, 2), lambda: x.item(dim=0), lambda: x.exp_(1), lambda: torch.Tensor.floor(x, 1), lambda: x.numel(3), lambda: x.clone(1), lambda: x.nonzero(1), lambda: x.sum(1, 2, 3, 4)]:
    try:
        call()
    except TypeError as e:
        print(e)
