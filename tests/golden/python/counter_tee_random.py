# Counter's multiset operators, itertools.tee, random.seed with a str, random.sample(counts=).
import itertools
import random
from collections import Counter

a = Counter(a=3, b=1, c=-2)
b = Counter(a=1, b=2, d=4)
print(a | b, a & b)
print(a + b, a - b)
print(+a, -a)
print(Counter("abracadabra") & Counter("alakazam"))
print(Counter(x=0, y=-1) | Counter(), +Counter(x=0, y=2))

t1, t2 = itertools.tee(iter([1, 2, 3, 4]))
print(next(t1), next(t1), next(t2), list(t1), list(t2))
print(type(t1).__name__, [list(t) for t in itertools.tee("xyz", 3)], itertools.tee([1], 0))
first, second = itertools.tee(x * x for x in range(5))
print(list(zip(first, second)))
try:
    itertools.tee([1], -1)
except ValueError as e:
    print("ValueError:", e)

random.seed("hello")
print(random.random(), random.randint(1, 100))
random.seed("")
print(random.random())
random.seed("stridelab ✓ seed")
print([random.randint(0, 9) for _ in range(8)])
random.seed(42)
print(random.sample(["red", "blue"], counts=[4, 2], k=5))
print(random.sample(range(3), 3, counts=[1, 0, 2]))
for counts in [[1, 2, 3], [0, 0], [1.5, 2]]:
    try:
        random.sample(["a", "b"], k=1, counts=counts)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
