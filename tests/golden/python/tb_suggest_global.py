count = 1
coutn
