# random after seed(n) draws exactly CPython's Mersenne Twister numbers.
import random
from random import shuffle, choice as pick
import random as rnd

random.seed(0)
print(random.random(), random.random())
print(random.randint(1, 10), random.randint(-5, 5), random.randrange(10), random.randrange(3, 30, 4))
print(random.randrange(10, 0, -3), random.uniform(1, 2), random.uniform(-1.5, 0.5))
xs = list(range(10))
shuffle(xs)
print(xs)
print(pick("abcdef"), pick([1.5, 2.5]), pick((None, True, "x")))
print(random.sample(range(100), 5), random.sample("hello", 3), random.sample(xs, 10))
print(random.sample(range(1000), 8))
print(random.choices("abc", k=5), random.choices([1, 2, 3], weights=[10, 1, 1], k=4))
print(random.choices(["x", "y"], cum_weights=[0.2, 1.0], k=3), random.choices("qr"))
print(random.gauss(), random.gauss(5, 2), random.gauss(mu=1, sigma=0.5))
print(random.getrandbits(1), random.getrandbits(16), random.getrandbits(40), random.getrandbits(100))

rnd.seed(42)
data = [[i, i * i] for i in range(6)]
rnd.shuffle(data)
print(data)
print([round(rnd.random(), 6) for _ in range(5)])

random.seed(12345678901234567890)
print(random.random(), random.randint(0, 2**40))
random.seed(-7)
a = random.random()
random.seed(7)
print(a == random.random())
random.seed(2.5)
print(random.random())
random.seed(True)
print(random.random())
random.seed()
random.seed(None)
print(0 <= random.random() < 1)

# d2l's data_iter
random.seed(1)
indices = list(range(10))
random.shuffle(indices)
for i in range(0, 10, 4):
    print(indices[i: min(i + 4, 10)])

for bad in [lambda: random.choice([]), lambda: random.randrange(0), lambda: random.randint(5, 1),
            lambda: random.randrange(1, 10, 0), lambda: random.sample([1, 2], 3),
            lambda: random.sample({1: 2}, 1), lambda: random.getrandbits(-1),
            lambda: random.choices([1, 2], [1]), lambda: random.choices([1, 2], 2),
            lambda: random.seed([1]), lambda: random.randrange(5, 5, 2)]:
    try:
        bad()
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
random.randint(5, 1)
