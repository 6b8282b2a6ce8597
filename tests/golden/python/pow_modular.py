print(pow(2, 10, 1000), pow(3, -1, 7), pow(-2, 5, 7), pow(2, 5, -7), pow(10**20, 3, 97), pow(5, 0, 1), pow(38, -1, 97))
for a in [(2, 3, 0), (2, 1.5, 3), (2, -1, 4)]:
    try:
        print(pow(*a))
    except Exception as e:
        print(type(e).__name__, e)
