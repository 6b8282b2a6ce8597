import torch
x = torch.arange(6).reshape(2, 3)
s = x.storage()
print(s.size(), s.nbytes(), s.element_size(), len(s), s[4])
print(s.data_ptr() == x.data_ptr(), x.t().storage().data_ptr() == s.data_ptr())
print(x[1].storage().tolist())
