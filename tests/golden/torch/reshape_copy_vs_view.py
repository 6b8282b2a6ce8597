import torch
x = torch.arange(12).reshape(3, 4)
for t in [x.t(), x[:, :2], x[::2], x.expand(2, 3, 4)]:
    r = t.reshape(-1)
    print(r.data_ptr() == t.data_ptr(), r._base is x, r.shape)
