it = iter([1, 2])
print(next(it), next(it), next(it, "default"))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", repr(e))
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n
print(list(Countdown(3)))
for v in Countdown(2):
    print(v)
