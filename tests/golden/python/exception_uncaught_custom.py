class ShapeError(Exception):
    pass
def check(n):
    if n != 3:
        raise ShapeError(f"expected 3, got {n}")
print("checking")
check(3)
check(4)
