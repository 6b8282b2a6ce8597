# itertools: lazy native iterators.
import itertools
from itertools import product, chain, islice, count, repeat
import itertools as it

print(list(product([1, 2], "ab")), list(product(range(2), repeat=3))[:4], len(list(product("ab", "cd", "ef"))))
print(list(chain([1, 2], (3,), "ab")), list(chain.from_iterable([[1], [2, 3], []])), list(chain()))
print(list(islice("abcdefg", 3)), list(islice(range(100), 2, 10, 3)), list(islice("abc", 1, None)))
c = count()
print(next(c), next(c), next(c), list(islice(count(5, 2), 4)), list(islice(count(1.5, 0.5), 3)))
for i in count(10):
    if i > 12:
        break
    print("count", i)
print(list(repeat("x", 3)), list(islice(repeat(7), 2)), list(zip(range(3), repeat(0))))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([3, 1, 4], max)), list(it.accumulate([1, 2], initial=10)))
print(list(it.combinations("abcd", 2)), list(it.combinations(range(4), 3)), list(it.combinations([1], 2)))
print(list(it.permutations("abc")), list(it.permutations(range(3), 2)))
print(list(it.zip_longest("abc", [1])), list(it.zip_longest([1, 2], [3], fillvalue=0)))
print(list(it.combinations_with_replacement("ab", 2)), list(it.starmap(pow, [(2, 3), (3, 2)])))
print(list(it.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(it.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print([(k, list(g)) for k, g in it.groupby("aabbbc")], [(k, len(list(g))) for k, g in it.groupby([1, 3, 2, 4], lambda x: x % 2)])
print(list(it.compress("abcd", [1, 0, 1, 0])), list(it.filterfalse(lambda x: x % 2, range(6))), list(it.pairwise("abcd")))
print(type(product([1])).__name__, type(count()).__name__, type(chain()).__name__, repr(count(3)), repr(repeat(1, 2)))
g = product("ab", [1, 2])
print(next(g), next(g), list(g), list(g))
ch = chain([1], [2])
print(iter(ch) is ch, sum(ch))
cyc = it.cycle("ab")
print([next(cyc) for _ in range(5)])

for bad in [lambda: islice([1], -1), lambda: list(product(1)), lambda: count("a"), lambda: repeat(),
            lambda: it.combinations("ab", -1), lambda: list(chain(1)), lambda: islice([1], 1, 2, 0),
            lambda: it.chain.__next__(5)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
next(islice([], 1))
