import torch
x = torch.arange(12.).reshape(3, 4).requires_grad_()
y = x * 1
r = y[:]
print('y[:]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[:,]
print('y[:,]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[0:3]
print('y[0:3]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[0:3,]
print('y[0:3,]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[:, :]
print('y[:, :]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[..., 0]
print('y[..., 0]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[None, 0]
print('y[None, 0]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[True]
print('y[True]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[False]
print('y[False]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[[True, False, True]]
print('y[[True, False, True]]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[torch.tensor(1)]
print('y[torch.tensor(1)]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[torch.tensor([1])]
print('y[torch.tensor([1])]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[1:, [0, 2]]
print('y[1:, [0, 2]]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[[0, 1], [1, 2]]
print('y[[0, 1], [1, 2]]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[y > 5]
print('y[y > 5]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[-1]
print('y[-1]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[::2]
print('y[::2]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[0][1:3]
print('y[0][1:3]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[1, ...]
print('y[1, ...]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
r = y[:, None, 1]
print('y[:, None, 1]', r.grad_fn.name(), [(f.name() if f else None) for f, i in r.grad_fn.next_functions], r._base is y, r.shape)
z = y.clone()
z[0] = 1.
z[:, 1] = torch.tensor([5., 6., 7.])
z[z > 8] = 0.
z[[0, 2]] = torch.ones(4)
z[1:, 2:] += 1
print(z, z._version)
z.sum().backward()
print(x.grad)
w = torch.zeros(5)
w[torch.tensor([0, 0, 1])] = torch.tensor([1., 2., 3.])
print(w)
w.index_put_((torch.tensor([0, 0, 1]),), torch.tensor([1., 2., 3.]), accumulate=True)
print(w, w._version)
v = torch.arange(6).view(2, 3)
v[0] += 10
v[:, 0] *= 2
print(v, v._version)
a = torch.ones(2, 3)
b = a[0]
b.add_(1)
print(a, a._version, b._version)
c = a.t()
c[0, 1] = 7
print(a, a._version, c._base is a)
