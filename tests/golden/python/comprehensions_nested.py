# Dict and set comprehensions, nested and with conditions.
words = ["apple", "bob", "kayak", "tensor", "level", "grad"]
lengths = {w: len(w) for w in words}
print(lengths)
print({w for w in words if w == w[::-1]} == {"bob", "kayak", "level"})
print({k: v for k, v in lengths.items() if v > 4})
print({i: {j: i * j for j in range(3)} for i in range(3)})
print([[row[i] for row in [[1, 2, 3], [4, 5, 6]]] for i in range(3)])
print({(i, j): i + j for i in range(2) for j in range(2) if i != j})
print({len(w) for w in words}, {n % 4 for n in range(100) if n % 2})
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv)
matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
print({x for row in matrix for x in row if x % 2 == 0})
print(sum({x: x for x in range(5)}.values()), list({x: None for x in "hello"}))
print({c: words.count(c) for c in sorted({w[0] for w in words})})
print({k: [x for x in range(k)] for k in range(4)})
print({frozenset(range(n)) for n in range(3)} == {frozenset(), frozenset({0}), frozenset({0, 1})})
print({n: {m for m in range(n)} for n in range(4)})
