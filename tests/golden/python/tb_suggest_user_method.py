class A:
    def method(self): pass
A().methd()
