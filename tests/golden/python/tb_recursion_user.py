def depth(n):
    if n == 0:
        raise RuntimeError("bottom reached")
    return depth(n - 1)
depth(3)
