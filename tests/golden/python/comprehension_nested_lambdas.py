makers = [lambda: (lambda: i) for i in range(3)]
print([m()() for m in makers])
adders = [lambda x: (lambda y: x + y + i) for i in (10, 20)]
print([a(1)(2) for a in adders])
def outer():
    return [lambda: [j * i for j in range(2)] for i in range(1, 3)]
print([f() for f in outer()])
shadow = [lambda i=100: (lambda: i) for i in range(2)]
print([s()() for s in shadow])
deep = {k: (lambda: (lambda: (lambda: k * 2))) for k in "ab"}
print({k: v()()() for k, v in deep.items()})
def factory():
    def make(n):
        return [lambda: (lambda: n + i) for i in range(2)]
    return make(5)
print([f()() for f in factory()])
fs = [lambda: (lambda: undefined_name) for i in range(1)]
fs[0]()()
