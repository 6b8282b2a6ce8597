# An uncaught error from topk: the traceback as CPython prints it.
import torch

scores = torch.tensor([0.5, 2.0, 1.5])
best = scores.topk(2)
print(best.values, best.indices)
top = torch.topk(scores, k=4)
print(top)
