# reversed() is a lazy iterator over the sequence, not a copy; __reversed__ is used when a class
# defines it.
xs = [1, 2, 3, 4]
r = reversed(xs)
print(type(r).__name__, next(r))
xs[2] = 30
print(next(r))
xs.pop(0)
print(list(r))
r = reversed(xs)
del xs[:]
print(list(r))
print(list(reversed((1, 2, 3))), "".join(reversed("héllo")), list(reversed(range(1, 10, 3))))
big = reversed(range(10**15))
print(type(big).__name__, next(big), next(big))
print(list(reversed(range(0))), list(reversed(range(5, 0, -2))))
d = {"a": 1, "b": 2, "c": 3}
print(type(reversed(d)).__name__, list(reversed(d)))


class Deck:
    def __init__(self, cards):
        self.cards = cards

    def __len__(self):
        return len(self.cards)

    def __getitem__(self, i):
        print("getitem", i)
        return self.cards[i]


rd = reversed(Deck(["x", "y", "z"]))
print(type(rd).__name__)
print(next(rd))
print(list(rd))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __reversed__(self):
        return iter(range(1, self.n + 1))


print(list(reversed(Countdown(3))))


class NotReversible:
    __reversed__ = None

    def __len__(self):
        return 0

    def __getitem__(self, i):
        raise IndexError


for bad in [{1, 2}, (x for x in "ab"), 5, NotReversible()]:
    try:
        reversed(bad)
    except TypeError as e:
        print("TypeError:", e)
