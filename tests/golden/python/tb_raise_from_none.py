try:
    {}["k"]
except KeyError:
    raise ValueError("no key") from None
