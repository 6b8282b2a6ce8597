import torch
# An out= tensor of the wrong shape is resized with PyTorch's warning, attributed to the line of
# PyTorch's own Python code when torch.norm (functional.py) made the call.
x = torch.ones(2, 3)
buf = torch.zeros(1)
print(torch.add(x, 1, out=buf), buf.shape)
print(torch.norm(x, p=1, out=torch.zeros(3)))
print(torch.arange(4, out=torch.zeros(2)))
print(torch.mul(x, x, out=torch.zeros(0)).shape, torch.zeros(2, out=torch.ones(5)))
