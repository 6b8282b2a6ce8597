import torch
# is_contiguous() in each case PyTorch's rule distinguishes (dims of size 0 or 1, expand, 0-d).
m = torch.arange(12.).reshape(3, 4)
print(m.is_contiguous(), m[1:, 1:3].is_contiguous(), m.t().is_contiguous(), m[:, 0].is_contiguous())
print(m[0].is_contiguous(), m[:, :1].is_contiguous(), m[::2].is_contiguous(), m[1:].is_contiguous())
print(torch.zeros(3, 1).t().is_contiguous(), torch.zeros(1, 3)[:, ::2].is_contiguous(), torch.zeros(2, 0).t().is_contiguous())
print(torch.arange(3).expand(2, 3).is_contiguous(), torch.arange(3).expand(1, 3).is_contiguous(), torch.tensor(1.).is_contiguous())
print(m.unsqueeze(1).is_contiguous(), m.t().unsqueeze(0).is_contiguous(), m[:, None, :].stride())
print(m.t().contiguous().is_contiguous(), m.reshape(4, 3).is_contiguous(), m.t().reshape(12).is_contiguous())
print(torch.zeros(2, 1, 3).transpose(0, 1).is_contiguous(), torch.zeros(4, 1).expand(4, 1).is_contiguous())
