x = "global"
def read():
    return x
def shadow():
    x = "local"
    return x
print(read(), shadow(), x)
def nested():
    y = 1
    def change():
        nonlocal y
        y = 2
    change()
    return y
print(nested())
class K:
    attr = x
    def m(self):
        return x
print(K.attr, K().m())
for loop_var in range(3):
    pass
print(loop_var)
