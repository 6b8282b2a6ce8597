def load(path):
    data = {"a.txt": "hello"}
    try:
        return data[path]
    except KeyError:
        print("missing:", path)
        raise
print(load("a.txt"))
print(load("b.txt"))
