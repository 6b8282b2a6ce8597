import torch

torch.manual_seed(0)
emb = torch.nn.Embedding(5, 3)
ids = torch.tensor([1, 3, 1])
out = emb(ids)
print(out)
print(out.data_ptr() == emb.weight.data_ptr(), out.shape, out.is_contiguous())
row1 = emb.weight[1]
print(row1.data_ptr() == emb.weight.data_ptr() + 1 * 3 * 4)
print(torch.equal(out[0], row1), torch.equal(out[0], out[2]))
