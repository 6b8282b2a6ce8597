import torch

torch.manual_seed(0)
emb = torch.nn.Embedding(5, 3)
ids = torch.tensor([1, 3, 1])
out = emb(ids)
loss = (out * torch.tensor([[1.], [2.], [3.]])).sum()
loss.backward()
print(out.grad_fn.name())
print(emb.weight.grad)
print(emb.weight.grad.shape == emb.weight.shape)
