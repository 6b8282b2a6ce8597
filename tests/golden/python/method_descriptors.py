# A built-in type's method read from the class checks the object it is called on, as CPython's
# method descriptors do.
print(list.append, str.upper, dict.get)
xs = []
list.append(xs, 1)
print(xs, str.upper("abc"), dict.get({"k": 2}, "k"), str.join("-", ["a", "b"]))
print(list(map(str.strip, [" a ", "b "])), sorted(["b", "A", "c"], key=str.lower))
print(int.bit_length(True), set.union({1}, {2}))
for call in [
    lambda: list.append(5, 1),
    lambda: str.upper(3),
    lambda: dict.get([], 1),
    lambda: set.add("a", 1),
    lambda: int.bit_length("x"),
    lambda: dict.keys(3),
    lambda: list.append(),
    lambda: str.split(1.5),
]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
str.upper(42)
