s = "a"
s.uper()
