# not yet in stridelab: torch.stft torch.kron torch.histc torch.cdist torch.fft torch.distributions Tensor.stft Tensor.kron Tensor.geometric_ Tensor.cauchy_
import torch

x = torch.arange(6.0).reshape(2, 3)
try:
    torch.kron(x, x)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    y = torch.histc(x, bins=4)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    x.kron(x)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    x.geometric_(0.5)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    torch.distributions.Normal(0.0, 1.0)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    torch.fft.fft(x)
except NotImplementedError as e:
    print(type(e).__name__, e)
# A name PyTorch does not have is the learner's mistake: PyTorch's own AttributeError.
try:
    torch.kronn(x, x)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    x.stftt()
except AttributeError as e:
    print(type(e).__name__, e)
# The error points at the learner's line.
d = torch.cdist(x, x)
