import torch
# torch.Size is a tuple subclass: tuple's concatenation, repetition, ordering and indexing rules,
# with a torch.Size back where PyTorch gives one.
s = torch.ones(2, 3).shape
print(s + (4,), (1,) + s, tuple(s) + s, torch.Size([1, 2]) + torch.Size([3]), s * 2, 2 * s, s * 0)
print(type(s + (4,)).__name__, type((1,) + s).__name__, type(s * 2).__name__, type(s[:1]).__name__)
print(s == (2, 3), s < (2, 4), s >= (2, 3), s > (2,), s <= (1, 9), s != [2, 3], s.index(3), s.count(2))
print(sorted(s), list(reversed(s)), min(s), max(s), sum(s), str(s), s[0], s[-1:], isinstance(s[0], int))
print(type(s) is torch.Size, hash(s) == hash((2, 3)), {s: 1}[(2, 3)], s[True], s[torch.tensor(1)])


def attempt(f):
    try:
        print(f())
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)


attempt(lambda: s + 1)
attempt(lambda: s + [1])
attempt(lambda: s * 'a')
attempt(lambda: s * 2.0)
attempt(lambda: s[1.5])
attempt(lambda: s['a'])
attempt(lambda: s[2])
