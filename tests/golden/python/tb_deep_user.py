class Layer:
    def __init__(self, w):
        self.w = w
    def __call__(self, x):
        return self.forward(x)
    def forward(self, x):
        return [a * b for a, b in zip(x, self.w)] + self.w["bias"]
layer = Layer([1, 2])
out = layer([3, 4])
