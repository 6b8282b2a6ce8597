total = 0
print(total y