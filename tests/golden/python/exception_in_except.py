def f():
    try:
        [][0]
    except IndexError:
        return {}["missing"]
f()
