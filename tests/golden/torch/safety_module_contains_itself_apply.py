import torch
from torch import nn
m = nn.Module()
m.m = m
m.apply(lambda mod: None)
