total = 0
total += "1"
