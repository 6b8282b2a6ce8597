import torch

def train(model):
    pass

for epoch in range(3):
