counts = {}
for word in ["a", "b", "a"]:
    counts[word] += 1
