import torch
# Checks in the style of PyTorch's test/test_view_ops.py (is_view_of, data_ptr sharing, writes
# through views), printed instead of asserted.
def is_view_of(base, other):
    if not other._base is base or base._base is not None:
        return False
    return base.untyped_storage().data_ptr() == other.untyped_storage().data_ptr() if hasattr(base, 'untyped_storage') \
        else base.storage().data_ptr() == other.storage().data_ptr()


t = torch.ones(5, 5)
for name, v in [("view", t.view(25)), ("view_as", t.view_as(torch.ones(25))), ("transpose", t.transpose(0, 1)),
                ("t", t.t()), ("T", t.T), ("mT", t.mT), ("unsqueeze", t.unsqueeze(1)), ("squeeze", t.unsqueeze(0).squeeze()),
                ("expand", t[:, :1].expand(5, 3)), ("narrow", t.narrow(1, 2, 2)), ("select", t.select(0, 2)),
                ("diagonal", t.diagonal()), ("unfold", t.unfold(1, 2, 1)), ("as_strided", t.as_strided((2,), (3,))),
                ("flatten", t.unsqueeze(2).flatten(1)), ("unflatten", t.unflatten(1, (5, 1))), ("movedim", t.movedim(0, 1)),
                ("permute", t.permute(1, 0)), ("split", t.split(2)[1]), ("chunk", t.chunk(2, 1)[0]), ("unbind", t.unbind(1)[3]),
                ("detach", t.detach()), ("basic index", t[1:3, ::2]), ("reshape", t.reshape(25))]:
    v_before = v.clone()
    print(name, is_view_of(t, v) or name == "detach", v.data_ptr() - t.data_ptr(), v.stride(), v.storage_offset())
print(t.detach()._base is None, t.data._base is None, t.data.data_ptr() == t.data_ptr())
# test_transpose_view / test_view_copy style: writing through the view writes the base.
v = t.transpose(0, 1)
v[0, 1] = 0
print(t[1, 0], t._version, v._version)
u = t.unfold(0, 2, 2)
u[0, 0, 0] = 3
print(t[0, 0], u.shape, u.stride())
# reshape is a view exactly when the strides allow it
nc = t.t()[1:3]
print(nc.reshape(10)._base is None, t[1:3].reshape(10)._base is t, t[:, 1:3].reshape(10)._base is None)
print(torch.ones(2, 3, 4).permute(2, 0, 1).reshape(4, 6)._base is None, torch.ones(4, 6)[::2].reshape(2, 2, 3)._base is not None)
# contiguous() copies exactly when needed
print(t.contiguous() is t, t.t().contiguous()._base is None, t.t().contiguous().is_contiguous())
# view on a non-viewable layout
try:
    t.t()[1:3].view(10)
except RuntimeError as e:
    print(e)
