import torch

base_tensor = torch.arange(24).reshape(2, 3, 4)
print("Base Tensor:", base_tensor)
print("Base Tensor ID:", id(base_tensor.data))

index_tensor = torch.tensor([0, 2])
indexed_tensor = base_tensor[:, index_tensor, :]
print("Indexed Tensor:", indexed_tensor)
print("Indexed Tensor ID:", id(indexed_tensor.data))

print("Are IDs the same?:", id(base_tensor.data) == id(indexed_tensor.data))


indexed_tensor[0,0,0] = 200
print("Base Tensor After Index Modification:", base_tensor)
print("Indexed Tensor After Modification:", indexed_tensor)
