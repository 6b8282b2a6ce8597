def check_shape(rows, cols):
    assert rows > 0
    assert isinstance(cols, int)
    return rows * cols
print(check_shape(2, 3))
check_shape(2, "3")
