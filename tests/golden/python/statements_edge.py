print([], (), {}, [[]], [()], {"k": []})
print(None)
print(True, False, None, ...)
x = 3.5
print(type(x).__name__, type(x) is float)
try:
    with 5:
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    raise
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    try:
        1 / 0
    except 5:
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    del never_defined
except NameError as e:
    print("NameError:", e)
try:
    {}["k"]
except:
    print("bare except caught it")
try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("AssertionError:", e, e.args)
try:
    assert []
except AssertionError as e:
    print("AssertionError with no message:", repr(e), str(e) == "")
try:
    raise Exception("plain", 42)
except Exception as e:
    print(type(e).__name__, e, e.args)
items = [3, 1, 2]
backup = items.copy()
items.clear()
print(items, backup, backup is items)
grid = [[1, 2], [3, 4]]
print([[v * 2 for v in row] for row in grid], [v for row in grid for v in row if v % 2])
print(4 not in items, "a" not in "xyz", None not in [None])
value = 7
if value > 5:
    if value % 2:
        print("big and odd")
    else:
        print("big and even")
