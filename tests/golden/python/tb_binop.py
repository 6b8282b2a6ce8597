x = 1
y = "two"
z = x + y
