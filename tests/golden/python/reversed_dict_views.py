# reversed() of a dict and of its views, newest key first.
d = {"a": 1, "b": 2, "c": 3}
print(list(reversed(d)), list(reversed(d.keys())), list(reversed(d.values())), list(reversed(d.items())))
print(type(reversed(d.keys())).__name__, type(reversed(d.values())).__name__, type(reversed(d.items())).__name__)
history = {}
for epoch, loss in enumerate([0.9, 0.5, 0.3, 0.2]):
    history[epoch] = loss
for epoch, loss in reversed(history.items()):
    print(f"epoch {epoch}: {loss:.1f}")
print(next(reversed(history.values())), [k for k in reversed(history.keys()) if k % 2])
