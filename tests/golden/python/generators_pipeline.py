# Generators as course code uses them: batches, pipelines, lazy generator expressions, __iter__.
def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i: min(i + batch_size, num_examples)]
        yield [features[j] for j in batch_indices], [labels[j] for j in batch_indices]

features = [[i, i + 0.5] for i in range(7)]
labels = [i % 2 for i in range(7)]
for X, y in data_iter(3, features, labels):
    print(X, y)

def read(lines):
    for line in lines:
        print("read", line)
        yield line.strip()

def nonempty(items):
    return (x for x in items if x)

def upper(items):
    for x in items:
        yield x.upper()

p = upper(nonempty(read([" a ", "", "b"])))
print(p)
print("first:", next(p))
print("rest:", list(p))

# generator expressions are lazy: the first iterable is taken at once, the rest on demand
def noisy(tag, n):
    print("iter", tag)
    return range(n)

g = (i * j for i in noisy("outer", 2) for j in noisy("inner", 3))
print("made")
print(list(g))
print(sum(x * x for x in range(10)), max(len(w) for w in ["aa", "b", "cccc"]))
print(sorted((w for w in "the quick brown fox".split()), key=len))
print(any(x > 3 for x in [1, 5]), all(x > 3 for x in [1, 5]))
print(list(zip((c for c in "xy"), (n for n in range(100)))))
print([list(x * y for y in range(3)) for x in range(3)])

class Countdown:
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        n = self.start
        while n > 0:
            yield n
            n -= 1

print(list(Countdown(3)), [x for x in Countdown(2)])

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

f = fib()
print([next(f) for _ in range(10)])

def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x

print(list(take(5, fib())))

def tree(depth):
    if depth == 0:
        yield "leaf"
        return
    yield "node%d" % depth
    yield from tree(depth - 1)
    yield from tree(depth - 1)

print(list(tree(2)))

def averager():
    total, count, avg = 0.0, 0, None
    while True:
        value = yield avg
        total += value
        count += 1
        avg = total / count

a = averager()
next(a)
for v in [10, 20, 60]:
    print(a.send(v))

def with_cm():
    class CM:
        def __enter__(self):
            print("enter")
            return self

        def __exit__(self, *exc):
            print("exit", exc[0])

    with CM():
        yield 1
        yield 2

for v in with_cm():
    print("got", v)

def outer_fn():
    scale = 3
    return (scale * x for x in range(3))

print(list(outer_fn()))
gs = [(x, y) for x in range(2) for y in (x * 10 for _ in range(2))]
print(gs)
