# collections.deque as course code uses it: a queue for breadth-first search, a window of recent
# losses with maxlen, rotation.
from collections import deque
import collections

graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": [], "e": ["a"]}
seen, order = {"a"}, []
queue = deque(["a"])
while queue:
    node = queue.popleft()
    order.append(node)
    for nxt in graph[node]:
        if nxt not in seen:
            seen.add(nxt)
            queue.append(nxt)
print(order, queue, len(queue), bool(queue))

window = deque(maxlen=3)
for step, loss in enumerate([0.9, 0.7, 0.6, 0.4, 0.35]):
    window.append(loss)
    print(step, window, f"{sum(window) / len(window):.3f}")
print(window.maxlen, deque().maxlen, list(reversed(window)), window[0], window[-1], 0.4 in window)

d = collections.deque(range(5))
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d.appendleft(-1)
d.extend([7, 8])
d.extendleft("xy")
print(d, d.pop(), d.popleft(), d.count(7), d.index(3))
d[0] = "first"
del d[1]
print(d, d == deque(d), d.copy() is d, type(d).__name__)
d.remove(7)
d.reverse()
print(d)
d.clear()
print(d, deque("abc", 2), deque([1, 2], maxlen=0))
for bad in [lambda: d.pop(), lambda: deque().popleft(), lambda: deque([1])[5], lambda: deque(maxlen=-1)]:
    try:
        bad()
    except (IndexError, ValueError) as e:
        print(type(e).__name__, e)
dd = deque([1, 2, 3])
for x in dd:
    dd.append(x)
