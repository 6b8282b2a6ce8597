print(True and False, True or False, not True, not 0, not "")
print(1 if [] else 2, None is None, [] == [], [] is not [])
vals = [0, 1, "", "a", None, [], [0], {}, 0.0, 0.1]
print([bool(v) for v in vals])
print(True == 1, False == 0, True is True, 1 == 1.0 == True)
x = 5
print(0 < x < 10, 0 < x > 10, x == 5 != 6)
