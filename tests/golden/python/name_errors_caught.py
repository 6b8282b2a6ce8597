length = 3
try:
    print(lenght)
except NameError as e:
    print(type(e).__name__, e, e.name)
class Point:
    def __init__(self):
        self.x = 1
try:
    Point().y
except AttributeError as e:
    print(type(e).__name__, e, e.name, type(e.obj).__name__)
try:
    "abc".uper()
except AttributeError as e:
    print(e)
