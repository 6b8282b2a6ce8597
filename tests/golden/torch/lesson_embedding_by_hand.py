import torch

torch.manual_seed(0)
weight = torch.randn(5, 3, requires_grad=True)
ids = torch.tensor([1, 3, 1])
out = weight.index_select(0, ids)
print(out.grad_fn.name())
grad_out = torch.tensor([[1.], [2.], [3.]]).expand(3, 3)
grad_w = torch.zeros(5, 3)
grad_w.index_add_(0, ids, grad_out)
out.backward(grad_out)
print(torch.equal(weight.grad, grad_w))
print(grad_w)
