class Model:
    def __init__(self, n):
        self.n = n
    def forward(self, x):
        return self.scale(x)
    def scale(self, x):
        return x * self.factor
m = Model(2)
print(m.forward(3))
