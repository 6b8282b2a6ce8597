scores = {"alice": 91.5, "bob": 78.25, "carol": 85.0}
ranking = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
print(f"{'Name':<10}{'Score':>8}")
for rank, (name, score) in enumerate(ranking, start=1):
    print(f"{name:<10}{score:>8.2f}  #{rank}")
best = max(scores, key=scores.get)
print(f"best: {best} ({scores[best]})")
words = "the quick brown fox jumps over the lazy dog the end".split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts, key=lambda k: (-counts[k], k))[:3])
matrix = [[1, 2, 3], [4, 5, 6]]
transposed = [list(col) for col in zip(*matrix)]
print(transposed, list(zip(*matrix)))
flat = [x for row in matrix for x in row]
print(flat, sum(flat) / len(flat), max(flat) - min(flat))
print("{:.2f}".format(sum(flat) / len(flat)), "%.3f" % (1 / 3), round(2 / 3, 3))
pairs = list(zip(["a", "b", "c"], range(3)))
letters, numbers = zip(*pairs)
print(pairs, letters, numbers)
idx = max(range(len(flat)), key=lambda i: flat[i] % 4)
print(idx, flat[idx])
batch_size = 4
data = list(range(10))
for start in range(0, len(data), batch_size):
    batch = data[start:start + batch_size]
    print(f"batch {start // batch_size}: {batch} (size {len(batch)})")
