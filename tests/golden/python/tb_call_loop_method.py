class Model:
    def __init__(self):
        self.layers = [1, 2]
    def __call__(self, x):
        for layer in self.layers:
            x = self.apply(layer, x)
        return x
    def apply(self, layer, x):
        if layer == 2:
            raise RuntimeError(f"layer {layer} failed on input {x!r}")
        return x * layer
Model()(3)
