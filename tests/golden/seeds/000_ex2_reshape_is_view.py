import torch

# The document says every reshape allocates; it does not when strides allow a view.
b = torch.arange(6).reshape(2, 3)
start = b.data_ptr()
for _ in range(2):
    b = b.reshape(3, 2)
    print(b.shape, b.stride(), b.data_ptr() == start, b._base is not None)

# reshape copies only when it must: a transposed (non-contiguous) tensor.
c = torch.arange(6).reshape(2, 3).t()
print(c.is_contiguous(), c.stride())
d = c.reshape(6)
print(d.data_ptr() == c.data_ptr(), d.is_contiguous(), d)
