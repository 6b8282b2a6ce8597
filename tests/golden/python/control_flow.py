for i in range(3):
    if i == 0:
        print("zero")
    elif i == 1:
        print("one")
    else:
        print("other")
n = 0
while n < 5:
    n += 1
    if n == 2:
        continue
    if n == 4:
        break
    print("n", n)
else:
    print("not reached")
for i in range(2):
    pass
else:
    print("for-else ran")
x = 5
print("big" if x > 3 else "small", "yes" if not x else "no")
print(1 < 2 < 3, 1 < 3 < 2, 1 == 1.0, 2 > 1 >= 1, 3 != 3)
print(0 or "default", 1 and "second", None or 0, [] and 1, 5 and 0 or 7)
