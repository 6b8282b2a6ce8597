def show(a, b, c=0, *rest, key="k", **extra):
    return f"a={a} b={b} c={c} rest={rest} key={key} extra={extra}"
args = [1, 2, 3, 4]
kw = {"key": "K", "flag": True}
print(show(*args))
print(show(**{"a": 1, "b": 2}))
print(show(1, *[2, 3], key="x", **{"z": 26}))
print(show(*args, **kw))
pair = (10, 20)
print(show(*pair), show(*"xy"), show(*range(2), c=9))
def total(*nums):
    return sum(nums)
print(total(), total(1), total(*range(5)), total(*[0.5] * 4))
def options(**opts):
    return sorted(opts.items())
settings = {"lr": 0.01, "momentum": 0.9}
print(options(**settings), options(), options(a=1, **{"b": 2}))
def forward(*args, **kwargs):
    return show(*args, **kwargs)
print(forward(1, 2, key="via"))
print(*["a", "b"], *("c",), sep="-")
first, *others = [*range(3), *"ab"]
print(first, others, [*args, 5], (*pair, 30), {**kw, "key": "new"})
for bad in [lambda: show(1, 2, a=5), lambda: show(**{1: 2}), lambda: show(*5), lambda: show(**[1]), lambda: show(1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
