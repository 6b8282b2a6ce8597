def validate(v):
    if v < 0:
        raise ValueError("negative value: " + str(v))
    return v
validate(1)
validate(-2)
