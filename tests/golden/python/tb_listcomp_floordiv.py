values = [3, 0, 2]
result = [10 // v for v in values if v is not None]
