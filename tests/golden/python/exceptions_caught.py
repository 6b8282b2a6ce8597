def risky(kind):
    if kind == 0:
        return [1][5]
    if kind == 1:
        return {}["k"]
    if kind == 2:
        return 1 + "a"
    if kind == 3:
        return int("x")
    if kind == 4:
        return undefined_thing
    if kind == 5:
        return [].nope
    if kind == 6:
        return 1 / 0
    if kind == 7:
        raise RuntimeError("custom")
    if kind == 8:
        assert 1 > 2, "assert message"
    if kind == 9:
        raise StopIteration
for k in range(10):
    try:
        risky(k)
    except (IndexError, KeyError) as e:
        print("lookup", type(e).__name__, e, repr(e), e.args)
    except Exception as e:
        print("other", type(e).__name__, str(e), isinstance(e, Exception))
try:
    pass
except ValueError:
    print("no")
else:
    print("else ran")
finally:
    print("finally ran")
