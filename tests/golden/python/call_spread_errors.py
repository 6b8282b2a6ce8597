def show(a, b=1):
    pass
class A:
    def m(self, *a):
        pass
cases = [
    ('[*5]', lambda: [*5]),
    ('(*5,)', lambda: (*5,)),
    ('print(*5)', lambda: print(*5)),
    ('show(*None)', lambda: show(*None)),
    ('show(**5)', lambda: show(**5)),
    ('show(**{1:2})', lambda: show(**{1:2})),
    ('A().m(*5)', lambda: A().m(*5)),
    ('len(*5)', lambda: len(*5)),
    ('int(*5)', lambda: int(*5)),
    ('show(**{"a":1}, a=2)', lambda: show(**{"a":1}, a=2)),
    ('show(1, **{"a": 2})', lambda: show(1, **{"a": 2})),
    ('A(*5)', lambda: A(*5)),
    ('(lambda: 0)(*5)', lambda: (lambda: 0)(*5)),
    ('A().m(**5)', lambda: A().m(**5)),
    ('print(**5)', lambda: print(**5)),
    ('show(*[1], **{"b": 2}, **{"b": 3})', lambda: show(*[1], **{"b": 2}, **{"b": 3})),
]
for text, case in cases:
    try:
        case()
    except TypeError as e:
        print(text, "->", e)
