class E(Exception):
    def __str__(self):
        raise ValueError("no")
try:
    raise E(1)
except E as e:
    print(type(e).__name__)
raise E(2)
