def outer():
    try:
        inner()
    except ZeroDivisionError as e:
        raise ValueError("wrapped") from e
def inner():
    return 1 // 0
outer()
