values = [1, 0, 2]
inv = [1 / v for v in values]
