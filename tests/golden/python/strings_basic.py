s = 'hello'
t = "it's"
u = """triple
quoted"""
v = '''single triple'''
print(s, t, u, v)
print(repr(s), repr(t), repr('say "hi"'), repr('both \' and "'), repr("tab\there\n"))
print("a\tb", "back\\slash", "\x41\u00e9", len("héllo"), "abc"[1], "abc"[-1], "abcdef"[1:4], "abcdef"[::-1])
print("ab" + "cd", "ab" * 3, 3 * "x", "b" in "abc", "z" not in "abc")
print("a" "b" 'c')
