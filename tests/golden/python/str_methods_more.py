# The less common str methods.
s = "Hello, World. Hello!"
print(s.find("Hello"), s.find("Hello", 1), s.find("x"), s.find("o", 5, 9), s.rfind("Hello"), s.rfind("l", 0, 5))
print(s.index("World"), s.rindex("l"), s.count("l"), s.count("Hello", 1), s.count(""), "".count(""))
print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(2), "3.5".zfill(6))
print("[" + "ab".center(7) + "]", "[" + "ab".center(7, "*") + "]", "[" + "abc".center(6, "-") + "]")
print("[" + "ab".ljust(5, ".") + "]", "[" + "ab".rjust(5, ".") + "]", "[" + "abcdef".ljust(3) + "]")
print("a\nb\r\nc\rd\n".splitlines(), "a\nb\n".splitlines(True), "".splitlines(), "x".splitlines())
print("123".isdigit(), "12a".isdigit(), "".isdigit(), "abc".isalpha(), "ab1".isalpha(), "ab1".isalnum(), "a b".isalnum())
print(" \t\n".isspace(), "".isspace(), "ABC1".isupper(), "Abc".isupper(), "abc1".islower(), "123".islower())
print("hello world-wide it's".title(), "hELLO wORLD".capitalize(), "Hello World".swapcase(), "x1y2".title())
print("key=value=x".partition("="), "nokey".partition("="), "a.b.c".rpartition("."), "abc".rpartition("."))
print("{name} is {age}".format_map({"name": "Ann", "age": 3}), "a\tbc\td".expandtabs(), "a\tb".expandtabs(4))
print("123".isnumeric(), "12.5".isdecimal(), "Title Case".istitle(), "my_var".isidentifier(), "2x".isidentifier())
print("  x  ".strip(), "xxhixx".strip("x"), "www.site.com".lstrip("w."), "a,b,,c".split(","), "a b  c".split())
print("a-b-c".split("-", 1), "a-b-c".rsplit("-", 1), "ab".join("xyz"), "TestCase".removeprefix("Test"),
      "file.py".removesuffix(".py"))
print("ß".upper(), "ÀÉ".lower(), "ǅ".isupper(), "straße".casefold(), "Ab".startswith(("x", "A")), "ab".endswith("b", 0, 2))
for bad in [lambda: s.index("zzz"), lambda: s.rindex("zzz"), lambda: "a".center(5, "ab"),
            lambda: "a".partition(""), lambda: "{x}".format_map({}), lambda: "a".zfill("3")]:
    try:
        bad()
    except (ValueError, TypeError, KeyError) as e:
        print(type(e).__name__ + ":", e)
"abc".index("d")
