class Record:
    def __init__(self):
        object.__setattr__(self, "log", [])
    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value)
    def __getattr__(self, name):
        return "missing:" + name
r = Record()
r.a = 1
r.b = 2
print(r.a, r.b, r.c, r.log)
