nums = [1, 2, 3]
print(sum(nums) / len([]))
