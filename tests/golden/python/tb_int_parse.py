values = ["1", "2", "three"]
nums = []
for v in values:
    nums.append(int(v))
