print("ok")
x = "ab\x4" + 1
