import torch
import torch.nn as nn
logits = torch.tensor([[2.0, 0.5, 0.1], [0.1, 0.2, 3.0]])
crit = nn.CrossEntropyLoss()
print(crit(logits, torch.tensor([0, 2])))
crit(logits, torch.tensor([0, 3]))
