class Config:
    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)
    @property
    def area(self):
        return self.width * self.height
c = Config(width=2)
print(c.area)
