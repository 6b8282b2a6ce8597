# F.tanh and F.sigmoid, the functional forms of nn.Tanh and nn.Sigmoid.
import torch
import torch.nn.functional as F

x = torch.tensor([-2.0, 0.0, 0.5, 3.0], requires_grad=True)
t = F.tanh(x)
s = F.sigmoid(x)
print(t, s)
print(torch.equal(t, torch.tanh(x)), torch.equal(s, torch.sigmoid(x)))
(t.sum() + s.sum()).backward()
print(x.grad)
print(F.sigmoid(torch.tensor([1, 2])), F.tanh(torch.zeros(2, 2, dtype=torch.float64)))
