f = lambda x: x["key"]
f({"other": 1})
