n = 3
msg = "count: " + n
