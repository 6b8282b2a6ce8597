import torch

def _sequence_mask(X, valid_len, value=0):
  maxlen = X.size(1)
  mask = torch.arange((maxlen), dtype=torch.float32, device=X.device)[None, :] < valid_len[:, None]
  X[~mask] = value
  return X

def masked_softmax(X, valid_lens):
    shape = X.shape
    valid_lens = torch.repeat_interleave(valid_lens, shape[1]) if valid_lens.dim() == 1 and False else valid_lens
    X = _sequence_mask(X.reshape(-1, shape[-1]), valid_lens, value=-1e6)
    return torch.softmax(X.reshape(shape), dim=-1)

torch.manual_seed(0)
scores = torch.rand(2, 4, requires_grad=True)
s = scores * 1.0
print(s.grad_fn)
attn = masked_softmax(s, torch.tensor([2, 3]))
print(attn)
print(attn.grad_fn.name(), s.grad_fn.name(), s._version)
weights = torch.tensor([[1.0, 2.0, 3.0, 4.0], [4.0, 3.0, 2.0, 1.0]])
(attn * weights).sum().backward()
print(scores.grad)
