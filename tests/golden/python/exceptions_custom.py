class AppError(Exception):
    pass
class DetailError(AppError):
    def __init__(self, code, msg):
        super().__init__(f"{code}: {msg}")
        self.code = code
try:
    raise DetailError(404, "not found")
except AppError as e:
    print(type(e).__name__, e, e.code, e.args, isinstance(e, Exception))
try:
    raise AppError
except AppError as e:
    print(repr(e), str(e) == "", e.args)
try:
    raise AppError("a", 2)
except Exception as e:
    print(e, repr(e))
def f():
    try:
        return "try"
    finally:
        print("cleanup")
print(f())
def g():
    try:
        raise ValueError("inner")
    except ValueError:
        raise
try:
    g()
except ValueError as e:
    print("reraised", e)
