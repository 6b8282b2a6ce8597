import torch

tensor_c = torch.tensor([10, 20, 30, 40, 50])
ptr = tensor_c.data_ptr()
mask = torch.tensor([True, False, True, False, True])
tensor_c[mask] = torch.tensor([100, 200, 300])
print(tensor_c, tensor_c.data_ptr() == ptr, tensor_c._version)
tensor_c[~mask] = 0
print(tensor_c, tensor_c._version)
picked = tensor_c[mask]
print(picked, picked.data_ptr() == ptr)
try:
    tensor_c[mask] = torch.tensor([1, 2])
except RuntimeError as e:
    print("RuntimeError:", e)
