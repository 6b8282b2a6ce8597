x = None
x.shape
