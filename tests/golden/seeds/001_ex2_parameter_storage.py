import torch
import torch.nn as nn

torch.manual_seed(0)
w = nn.Parameter(torch.randn(3, 2))
ptr = w.data_ptr()
print(w.requires_grad, w.is_leaf, w._version)
with torch.no_grad():
    w += torch.randn_like(w) * 0.1
print(w.data_ptr() == ptr, w._version, w.requires_grad, w.is_leaf, w.grad_fn)
print(type(w).__name__, isinstance(w, torch.Tensor))
x = torch.ones(1, 3)
y = (x @ w).sum()
y.backward()
print(w.grad)
