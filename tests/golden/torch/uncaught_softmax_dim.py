import torch
import torch.nn.functional as F
scores = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(F.softmax(scores, dim=1))
print(F.log_softmax(scores, dim=-1))
F.softmax(scores, dim=2)
