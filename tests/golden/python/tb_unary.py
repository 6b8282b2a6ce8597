x = -"abc"
