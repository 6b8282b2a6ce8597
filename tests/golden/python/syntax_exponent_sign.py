lr = 1e-3
wd = 5e-
