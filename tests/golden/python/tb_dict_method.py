d = {"a": 1}
d.pop("b")
