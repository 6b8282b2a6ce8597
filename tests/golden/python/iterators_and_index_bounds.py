# Native iterators' __next__ and __iter__, `in` on an iterator, the dict iterators' names, and
# list.index / tuple.index with start and stop.
it = iter([1, 2, 3])
print(hasattr(it, "__next__"), it.__next__(), it.__iter__() is it, 3 in it, list(it))
byte_it = iter(b"ab")
print(97 in byte_it, list(byte_it))
d = {"a": 1, "b": 2}
for view in [iter(d), iter(d.values()), iter(d.items())]:
    print(type(view).__name__, next(view))
z = zip("ab", [1, 2])
print(z.__next__(), next(z))
try:
    z.__next__()
except StopIteration:
    print("zip exhausted")
print([1, 2, 1, 2].index(2, 2), [1, 2, 3].index(3, -1), [1, 2, 3].index(1, -10, 10), (1, 2, 1).index(1, 1))
for bad in [lambda: [1, 2, 1].index(2, 2), lambda: (1, 2).index(1, 1, 1), lambda: (1, 2).count(), lambda: [].count(),
            lambda: (1,).index()]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)


# A class with only __getitem__ is iterated o[0], o[1], ... until IndexError, one item at a time.
class Squares:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError(i)
        print("getitem", i)
        return i * i


print(list(Squares()), tuple(Squares()), sum(Squares()), 4 in Squares())
for value in Squares():
    if value > 0:
        break
print(sorted(Squares(), reverse=True), dict(enumerate(Squares())))


class Batches:  # __len__ does not bound the iteration: __getitem__'s IndexError does
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return [10, 20, 30][i]


print(len(Batches()), list(Batches()), type(iter(Batches())).__name__)
