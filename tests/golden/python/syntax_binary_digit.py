flags = 0b1012
