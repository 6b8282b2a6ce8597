import torch

tensor_a = torch.arange(6).reshape(2, 3)
print("Tensor A:", tensor_a)
print("Tensor A ID:", id(tensor_a.data))

tensor_b = tensor_a.transpose(0, 1)
print("Transposed Tensor B:", tensor_b)
print("Transposed Tensor B ID:", id(tensor_b.data))

print("Are IDs the same:", id(tensor_a.data) == id(tensor_b.data))

tensor_b[0,0] = 100
print("Tensor A After Transpose Modification:", tensor_a)
print("Tensor B After Modification:", tensor_b)
