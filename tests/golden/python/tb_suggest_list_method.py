lst = [1]
lst.apend(2)
