d = {"a": 1}
value = d["missing"]
