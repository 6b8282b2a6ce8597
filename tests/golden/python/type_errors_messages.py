half = 1.5
five = 5
nothing = None
tests = [
    lambda: 1 + "a",
    lambda: "a" + 1,
    lambda: [1] + (1,),
    lambda: "a" * "b",
    lambda: 1 - "a",
    lambda: 2 ** "x",
    lambda: {} < {},
    lambda: None + 1,
    lambda: 1 / 0,
    lambda: 1.0 / 0,
    lambda: 5 % 0,
    lambda: [1, 2][half],
    lambda: "abc"[5],
    lambda: (1,)[3],
    lambda: five[0],
    lambda: len(3),
    lambda: iter(5),
    lambda: nothing(),
    lambda: int("1.5"),
    lambda: float("abc"),
    lambda: [].pop(),
    lambda: [1].index(9),
    lambda: "x".foo,
    lambda: (1).real_part,
    lambda: {}["k"],
    lambda: {1: 2}[(1, 2)],
    lambda: sorted([1, "a"]),
    lambda: max([]),
    lambda: hash([]) if False else {[]: 1},
]
for t in tests:
    try:
        t()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
