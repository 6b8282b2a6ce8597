import string
t = str.maketrans("abc", "xyz")
print(t)
print("aabbcc-d".translate(t))
print("hello world".translate(str.maketrans("", "", "lo")))
print("hello".translate(str.maketrans("el", "ip", "o")))
print(str.maketrans({"a": "1", "b": None, 99: "C"}))
print("abcabc".translate({ord("a"): "AA", ord("b"): None, ord("c"): 120}))
print("Hello, world!".translate(str.maketrans("", "", string.punctuation)))
print("héllo".translate({ord("é"): "e"}))
print("x".maketrans("x", "y"))
class Upper:
    def __getitem__(self, k):
        if k == ord("q"):
            raise LookupError
        return chr(k).upper()
print("aqb".translate(Upper()))
for bad in [lambda: str.maketrans("ab", "c"), lambda: str.maketrans(1), lambda: str.maketrans({"ab": 1}),
            lambda: str.maketrans({1.5: 1}), lambda: str.maketrans("a", 1), lambda: str.maketrans("a", "b", 3),
            lambda: "a".translate({97: 1.5}), lambda: "a".translate({97: 0x110000}), lambda: "a".translate(),
            lambda: str.maketrans(), lambda: str.maketrans("a", "b", "c", "d"), lambda: "a".translate(5), lambda: "a".translate({97: -1})]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
