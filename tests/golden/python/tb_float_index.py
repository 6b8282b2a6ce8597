items = ["a", "b"]
print(items[1.0])
