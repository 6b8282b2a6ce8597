try:
    int("abc")
except ValueError as e:
    raise TypeError("bad input") from e
