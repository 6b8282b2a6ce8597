for f in ["{0[99999999999999999999]}", "{99999999999999999999}", "{:99999999999999999999}", "{:.99999999999999999999}"]:
    try:
        print(f.format([1]))
    except ValueError as e:
        print("ValueError:", e)
for f in ["%99999999999999999999d", "%.99999999999999999999s"]:
    try:
        print(f % 1)
    except ValueError as e:
        print("ValueError:", e)
print("{0[1]}".format([1, 2]), "{0[a]}".format({"a": 3}))
print("{0[99999999999999999999]}".format([1]))
