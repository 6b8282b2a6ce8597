import torch

# A new leading dimension of size 1 strides over everything after it (as unsqueeze does);
# only a dimension expanded past 1 gets stride 0.
a = torch.arange(5.)
for sizes in [(1, 5), (3, 5), (1, 1, 5), (2, 1, 5), (1, 2, 5), (1, -1), (1, 1, -1), (2, 1, 1, 5),
              (1, 3, 5), (0, 5), (1, 0, 5), (0, 1, 5)]:
    e = a.expand(*sizes)
    print(sizes, e.shape, e.stride(), e.is_contiguous(), e.data_ptr() == a.data_ptr())
print(a.expand(torch.Size([1, 1, 5])).stride(), a.expand([1, 1, 5]).stride(), a.expand((2, 1, 5)).stride())

# A column: the existing dims keep their strides, expanded ones get 0.
b = torch.zeros(3, 1)
for sizes in [(3, 1), (1, 3, 1), (1, 3, 4), (2, 3, 4), (1, 1, 3, 1), (3, 4), (1, 3, -1)]:
    print(sizes, b.expand(*sizes).stride())

# Non-contiguous sources: a stepped slice, a transpose, a narrowed row.
c = torch.zeros(4, 6)[:, ::2]
print(c.stride(), c.expand(1, 4, 3).stride(), c.expand(1, 1, 4, 3).stride(), c.expand(2, 1, 4, 3).stride())
t = torch.zeros(2, 3).t()
print(t.stride(), t.expand(1, 3, 2).stride(), t.expand(1, 1, 3, 2).stride(), t.expand(4, 3, 2).stride())
r = torch.arange(12.).view(3, 4)[1]
print(r.stride(), r.storage_offset(), r.expand(1, 4).stride(), r.expand(1, 1, 4).storage_offset())
s = torch.arange(12.).view(3, 4)[:, 1:2]
print(s.stride(), s.expand(1, 3, 1).stride(), s.expand(1, 3, 5).stride())

# A 0-dim tensor: every stride is 0.
z = torch.tensor(3.)
for sizes in [(1,), (1, 1), (2, 1), (1, 3)]:
    print(sizes, z.expand(*sizes).stride())

# expand_as takes the other tensor's sizes.
print(a.expand_as(torch.zeros(1, 1, 5)).stride(), a.expand_as(torch.zeros(2, 1, 5)).stride())
print(b.expand_as(torch.zeros(1, 3, 7)).stride(), z.expand_as(torch.zeros(1, 2)).stride())

# Already of the target shape, or with leading ones.
o = torch.zeros(1, 1, 5)
print(o.expand(1, 1, 5).stride(), o.expand(2, 1, 1, 5).stride(), o.expand(1, 1, 1, 5).stride())
print(torch.zeros(5)[None].stride(), torch.zeros(5).unsqueeze(0).expand(1, 1, 5).stride())

# Results of ops on expanded tensors, and views of them.
e = a.expand(1, 1, 5)
print((e + 1).stride(), e.contiguous().stride(), e.contiguous().data_ptr() == e.data_ptr())
print(e.view(5).stride(), e.reshape(1, 5).stride(), e.squeeze(0).stride(), e.transpose(0, 1).stride())
print(e.t().stride() if e.dim() == 2 else e[0].stride(), e[:, :, 1:].stride(), e.flatten().stride())
w = torch.ones(3, requires_grad=True)
y = w.expand(1, 1, 3)
print(y.stride(), y.grad_fn.name(), y._base is w)
y.sum().backward()
print(w.grad)

# Negative sizes.
for sizes in [(-1, 5), (-2, 5), (3, -2, 5)]:
    try:
        print(a.expand(*sizes).stride())
    except RuntimeError as err:
        print("RuntimeError:", err)
for sizes in [(-2,), (7,)]:
    try:
        print(a.expand(*sizes).stride())
    except RuntimeError as err:
        print("RuntimeError:", err)
for sizes in [(-2,), (-1,)]:
    try:
        print(z.expand(*sizes).stride())
    except RuntimeError as err:
        print("RuntimeError:", err)
