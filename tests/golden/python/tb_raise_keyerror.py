raise KeyError("k")
