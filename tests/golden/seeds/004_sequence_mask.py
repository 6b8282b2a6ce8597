import torch

def _sequence_mask(X, valid_len, value=0):
  maxlen = X.size(1) # this is num_keys, as X passed into this func is in 2d form (num_queries*num_batches, num_keys)
  mask = torch.arange((maxlen), dtype=torch.float32, device=X.device)[None, :] < valid_len[:, None]
  X[~mask] = value
  return X

X = torch.arange(12, dtype=torch.float32).reshape(3, 4)
print(_sequence_mask(X, torch.tensor([1, 2, 3])))
