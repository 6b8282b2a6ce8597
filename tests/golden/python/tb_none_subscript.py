x = {"a": [1, {"b": None}]}
print(x["a"][1]["b"]["c"])
