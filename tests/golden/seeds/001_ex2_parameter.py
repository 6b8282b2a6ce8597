import torch
import torch.nn as nn

torch.manual_seed(0)

# Define a simple linear model
class MyLinearModel(nn.Module):
    def __init__(self, input_size, output_size):
        super(MyLinearModel, self).__init__()
        self.weights = nn.Parameter(torch.randn(input_size, output_size)) # Mutable weight tensor
        self.bias = nn.Parameter(torch.zeros(output_size)) # Mutable bias tensor

    def forward(self, x):
        return torch.matmul(x, self.weights) + self.bias

# Instantiate the model
model = MyLinearModel(3, 2)

# Print initial parameters
print("Initial Weights:", model.weights)
print("Initial Biases:", model.bias)

# Assume an optimization step changes the parameters. This is a simplified representation of an optimizer step
with torch.no_grad(): # Disable gradient calculation for this example
    model.weights += torch.randn_like(model.weights) * 0.1
    model.bias -= torch.ones_like(model.bias) * 0.05


# Print modified parameters
print("Modified Weights:", model.weights)
print("Modified Biases:", model.bias)
