import torch
# Checks in the style of PyTorch's test/test_torch.py and test_tensor_creation_ops.py (test_arange,
# test_linspace, test_eye, test_full_inference, test_new_tensor, test_tolist, test_type, test_copy_),
# printed instead of asserted.
print(torch.arange(0, 1, 0.1).shape, torch.arange(1, 0, -0.1).shape, torch.arange(0, 10, 3).tolist(), torch.arange(-1, 1, 0.5))
print(torch.linspace(2, 10, 5).tolist(), torch.linspace(10, 2, 5).tolist(), torch.linspace(0, 1, 3, dtype=torch.float64).dtype)
print(torch.eye(2, 3).tolist(), torch.eye(3).sum().item(), torch.eye(4, 2, dtype=torch.int32).dtype)
print(torch.full((2,), 1).dtype, torch.full((2,), 1.).dtype, torch.full((2,), True).dtype, torch.full((2,), 1, dtype=torch.float).dtype)
x = torch.tensor([1, 2], dtype=torch.int32)
print(x.new_tensor([3.5]).dtype, x.new_tensor([3.5], dtype=torch.float64), x.new_zeros(2, 2).dtype, x.new_ones(1).dtype)
print(torch.tensor([[1, 2], [3, 4]]).tolist(), torch.tensor(3.5).tolist(), torch.zeros(0).tolist(), torch.zeros(2, 0).tolist())
print(torch.ones(2).type(torch.int32).dtype, torch.ones(2).type('torch.IntTensor').dtype, torch.ones(2, dtype=torch.int64).type())
src = torch.arange(6.).reshape(2, 3)
dst = torch.zeros(3, 2).t()
dst.copy_(src)
print(dst, dst.stride(), dst.is_contiguous(), dst._version)
dst.copy_(torch.tensor([1, 2, 3]))
print(dst)
print(torch.zeros(2, 3).copy_(torch.tensor(5.0)), torch.zeros(3, dtype=torch.int64).copy_(torch.tensor([1.9, -1.9, 0.5])))
print(torch.ones(3).numel(), torch.ones(2, 3).size(1), torch.ones(2, 3).stride(0), torch.ones(2, 3).t().stride())
print(torch.is_tensor(torch.ones(1)), torch.numel(torch.zeros(4, 0)), torch.ones(2, 1, 3).squeeze(1).shape)
print(torch.ones(1).expand(3).clone().stride(), torch.zeros(2, 2).fill_(2.5), torch.ones(3).zero_())
