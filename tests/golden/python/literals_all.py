print('single', "double", 'it\'s', "say \"hi\"", 'tab\tend', "nl\\n", 'back\\slash')
print("a\nb")
print("\x41\x42", "\u00e9\u4e2d", "\101", "bell\a".endswith("\a"), len("\0"), "cr\rX")
print(r"raw\n\t", R"raw2\\", len(r"\n"))
print(0x1F, 0o17, 0b1011, 1_000_000, 0xff_ff, 1e3, 1E-2, .5, 5., 1_0.5_0, 0.0)
print(True, False, None, ..., Ellipsis, type(...).__name__)
print([], [1, "two", 3.0], (), (1,), (1, 2), {}, {"a": 1, 2: "b"}, [[]], ((),))
print("""multi
line""", '''another
one''')
print("adjacent" ' literals' """ joined""")
print(f"{'x'!r}", f'{"y"}', f"{{}}", f"a{1}b{2}c", f"{3+4}", f"{'ab'[0]}", rf"\n{1}")
print("unicode: café", len("café"), "日本"[1], ord("é"), chr(233))
print(repr("a'b"), repr('a"b'), repr("a'b\"c"), repr("\n\t\\"), repr("é"), repr("\x00\x7f"))
x = ...
print(x, x is Ellipsis, repr(...), str(...))
print(-5, +5, - -5, ~0, not None, -0.0, +0.0, -(1))
