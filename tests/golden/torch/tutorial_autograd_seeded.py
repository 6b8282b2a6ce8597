import torch

torch.manual_seed(0)
x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w)+b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(w)
print(b)
print(z)
print(loss)
print('Gradient function for z =', z.grad_fn.name())
print('Gradient function for loss =', loss.grad_fn.name())
loss.backward()
print(w.grad)
print(b.grad)
print(w.grad_fn, w.is_leaf, z.is_leaf, loss.is_leaf)
try:
    loss.backward()
except RuntimeError as e:
    print("RuntimeError:", e)
with torch.no_grad():
    z = torch.matmul(x, w) + b
    print(z.requires_grad, z.grad_fn, torch.is_grad_enabled())
print(torch.is_grad_enabled())
z = torch.matmul(x, w)+b
z_det = z.detach()
print(z_det.requires_grad, z_det.is_leaf, z_det.grad_fn)
print(z_det.data_ptr() == z.data_ptr())
loss2 = torch.nn.functional.binary_cross_entropy_with_logits(z, torch.ones(3), reduction='sum')
loss2.backward()
print(w.grad)
print(torch.nn.functional.binary_cross_entropy_with_logits(z, y, reduction='none'))
print(torch.nn.functional.binary_cross_entropy_with_logits(z, y, reduction='mean'))
