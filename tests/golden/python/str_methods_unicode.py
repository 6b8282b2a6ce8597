s = "héllo→✓"
print(len(s), s[1], s[-1], s[1:3], s[::-1], list(s), s.upper(), f"[{s:>10}]", s.ljust(9, "·") + "|", s.center(11, "*"))
for ch in "é→":
    print(ch, ord(ch))
print("→".join(["a", "b"]), "a→b→c".split("→"), "é" in s, s.find("l"), s.index("→"), s.count("l"), s.replace("é", "e"))
print("%-8s|" % "é", "{:^7}|".format("→"), repr("→✓"), "ÉCOLE".lower(), "straße".upper())
print(sorted("cáb"), max("aé"), "é" > "z", str("é").isalpha(), "٣".isdigit())
