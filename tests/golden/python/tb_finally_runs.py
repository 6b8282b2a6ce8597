try:
    raise ValueError("first")
finally:
    print("cleanup")
