import torch
a = torch.ones(3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
print(id(a.data) == id(b.data))
print(a.data is a.data, a.data is b.data)
da = a.data
db = b.data
print(id(da) == id(db), da is db)
x = torch.arange(6).reshape(2, 3)
print(x.t() is x.t(), id(x.t()) == id(x.t()))
t1 = x.t()
t2 = x.t()
print(t1 is t2, id(t1) == id(t2), t1.data_ptr() == t2.data_ptr())
print(x[0] is x[0], id(x[0]) == id(x[0]))
row = x[0]
print(row is x[0], row.data_ptr() == x[0].data_ptr())
y = x
print(y is x, id(y) == id(x))
x = x + 0
print(y is x, y.data_ptr() == x.data_ptr())
z = torch.ones(2)
alias = z
z += 1
print(alias is z, alias)
w = torch.eye(2)
keep = w
w @= torch.ones(2, 2)
print(keep is w, keep, w)
lst = [torch.ones(1), torch.ones(1)]
print(lst[0] is lst[1], lst[0] is lst[0], torch.ones(1) is torch.ones(1))
