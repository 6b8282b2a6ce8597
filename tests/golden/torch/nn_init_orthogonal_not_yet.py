# not yet in stridelab: torch.nn.init.orthogonal_
# orthogonal_ takes a QR decomposition through LAPACK, whose float32 digits stridelab cannot
# reproduce bit for bit, so it says so instead of giving slightly different weights.
import torch
import torch.nn as nn

torch.manual_seed(0)
w = torch.empty(3, 5)
try:
    nn.init.orthogonal_(w)
except NotImplementedError as e:
    print(type(e).__name__, e)
print(w._version)
lin = nn.Linear(4, 4)
nn.init.orthogonal_(lin.weight, gain=nn.init.calculate_gain("relu"))
