def f():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
            print("body", i)
        finally:
            print("finally", i)
    return "done"
print(f())
def g():
    try:
        raise ValueError("x")
    except ValueError:
        return "handled"
    finally:
        print("g finally")
print(g())
def h():
    try:
        try:
            1 / 0
        finally:
            print("inner finally")
    except ZeroDivisionError as e:
        print("outer caught", e)
h()
try:
    try:
        raise KeyError("a")
    except KeyError as e:
        raise ValueError("converted") from e
except ValueError as e:
    print(e, repr(e.__cause__))
