prnt("x")
