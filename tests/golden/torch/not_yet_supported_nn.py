# not yet in stridelab: torch.nn.Conv3d torch.nn.LSTM torch.nn.Transformer torch.nn.PixelShuffle torch.nn.functional.grid_sample torch.nn.functional.interpolate torch.nn.functional.ctc_loss Module.register_forward_hook Module.register_full_backward_hook
import torch
import torch.nn as nn
import torch.nn.functional as F

try:
    conv = nn.Conv3d(1, 2, 3)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    from torch.nn import LSTM
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    nn.PixelShuffle(2)
except NotImplementedError as e:
    print(type(e).__name__, e)
x = torch.ones(1, 1, 2, 2)
try:
    F.interpolate(x, scale_factor=2)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    torch.nn.functional.ctc_loss
except NotImplementedError as e:
    print(type(e).__name__, e)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc(x)


net = Net()
try:
    net.register_forward_hook(print)
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    net.fc.register_full_backward_hook(print)
except NotImplementedError as e:
    print(type(e).__name__, e)
# Names PyTorch does not have keep PyTorch's own AttributeError.
try:
    nn.Conv4d
except AttributeError as e:
    print(type(e).__name__, e)
try:
    F.gelu2
except AttributeError as e:
    print(type(e).__name__, e)
try:
    net.fc2
except AttributeError as e:
    print(type(e).__name__, e)
try:
    from torch.nn import Conv9d
except ImportError as e:
    print(type(e).__name__)
model = nn.Transformer(d_model=8, nhead=2)
