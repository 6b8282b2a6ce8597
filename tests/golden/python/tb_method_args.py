class A:
    def m(self, x):
        return x
A().m(1, 2)
