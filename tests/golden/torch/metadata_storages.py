import torch
# untyped_storage(), nbytes and itemsize are names PyTorch 2.x added (docs/language.md supports them as
# 2.x defines them). PyTorch 1.13 reaches the same things as storage().untyped() and
# numel() * element_size(), so the program asks for whichever the running torch has.
def untyped(t):
    return t.untyped_storage() if hasattr(t, 'untyped_storage') else t.storage().untyped()


def nbytes(t):
    return t.nbytes if hasattr(t, 'nbytes') else t.numel() * t.element_size()


def itemsize(t):
    return t.itemsize if hasattr(t, 'itemsize') else t.element_size()


m = torch.arange(12.).reshape(3, 4)
v = m[1:, 1:3]
s = untyped(m)
print(type(s).__name__, s.nbytes(), len(s), s.size(), s.element_size(), s.device)
print(untyped(v).nbytes(), untyped(v).data_ptr() == m.data_ptr(), untyped(m).data_ptr() == untyped(v).data_ptr())
print(nbytes(m), nbytes(v), itemsize(m), nbytes(torch.zeros(3, dtype=torch.bool)), itemsize(torch.zeros(1, dtype=torch.int64)))
print(untyped(torch.tensor([1.5], dtype=torch.float64)))
print(untyped(torch.tensor([1, 256], dtype=torch.int32)).tolist(), untyped(m)[4], untyped(m.clone()).data_ptr() == s.data_ptr())
if hasattr(m, 'untyped_storage'):
    print(m.untyped_storage().data_ptr() == m.data_ptr(), m.untyped_storage().nbytes())
else:
    print(m.storage().untyped().data_ptr() == m.data_ptr(), m.storage().untyped().nbytes())
print(m.storage())
print(type(m.storage()), len(v.storage()), v.storage().data_ptr() == m.data_ptr(), m.storage().size(), m.storage().dtype)
print(m.storage().nbytes(), m.storage()[5], m.storage().tolist(), m.storage().element_size(), m.storage().device)
print(torch.tensor([1, 2]).storage(), torch.tensor([True]).storage())
try:
    print(m.storage()[12])
except IndexError as e:
    print(e)
