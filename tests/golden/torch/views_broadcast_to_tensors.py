import torch
# broadcast_to is expand; broadcast_tensors expands each tensor not already of the common shape.
# A new leading dimension of size 1 strides over the dimensions after it.
a = torch.zeros(3); b = torch.zeros(2, 1)
r = torch.broadcast_tensors(a, b)
print(type(r), [x.shape for x in r], [x.stride() for x in r])
c = torch.zeros(2, 3)
r = torch.broadcast_tensors(c, a)
print(r[0] is c, r[0]._base is c, r[0].grad_fn)
print(torch.broadcast_tensors())
print(torch.broadcast_tensors(a))
w = torch.ones(3, requires_grad=True)
print(torch.broadcast_tensors(w, c)[0].grad_fn.name(), torch.broadcast_tensors(w, torch.zeros(3))[0] is w)
print(torch.broadcast_tensors(a, torch.zeros(1, 1, 3))[0].stride(), torch.broadcast_tensors(torch.zeros(3, 1), torch.zeros(1, 1, 1))[0].stride())
for args in [(a, 3), (a, torch.zeros(4)), (a, torch.zeros(2,4), torch.zeros(3))]:
    try: torch.broadcast_tensors(*args)
    except Exception as e: print(type(e).__name__, e)
print(torch.broadcast_to(a, (2, 3)).stride(), a.broadcast_to((1, 3)).stride(), torch.broadcast_to(a, [3]).grad_fn, w.broadcast_to(3).grad_fn.name())
print(torch.broadcast_to(torch.tensor(2.), (1, 2)).stride(), torch.broadcast_to(torch.zeros(3, 1), (1, 1, 3, 4)).stride())
try: torch.broadcast_to(a, (2, 4))
except Exception as e: print(type(e).__name__, e)
try: torch.broadcast_tensors(a, other=a)
except Exception as e: print(type(e).__name__, e)
torch.broadcast_tensors(a, torch.zeros(4))
