import torch

leaf = torch.tensor([1,2,3,4,5], dtype = torch.float, requires_grad = True)
middle = leaf + 2 # creating an intermediate tensor because can't do at all, in-place operations on leaf tensors requiring grad
print(middle, middle._version)

root = middle.exp()
print(root)
print(root.grad_fn.name(), root.grad_fn.next_functions[0][0].name())
root.sum().backward()
print(leaf.grad)
