import torch
s = torch.zeros(2, 3, 4).shape
print(s, len(s), s[0], s[-1], s[1:], s + (5,), tuple(s), list(s))
a, b, c = s
print(a * b * c, s.numel(), s == torch.Size([2, 3, 4]), isinstance(s, tuple))
print(torch.Size((1, 2)), torch.Size([]), torch.zeros(()).shape)
