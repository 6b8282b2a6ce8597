import torch

leaf = torch.tensor([1,2,3,4,5], dtype = torch.float, requires_grad = True)
middle = leaf + 2 # creating an intermediate tensor because can't do at all, in-place operations on leaf tensors requiring grad
print(middle, middle._version)

# change middle in-place
middle.multiply_(3)
print(middle, middle._version, middle.grad_fn.name())

# get root from middle
root = middle.exp()
print(root)

# finish up with calling .backward() and observing leaf.grad
root.sum().backward()
print(leaf.grad)
