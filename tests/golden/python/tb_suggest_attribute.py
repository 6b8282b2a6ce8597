class A:
    def __init__(self):
        self.value = 1
a = A()
print(a.valu)
