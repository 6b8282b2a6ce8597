count = 00_17
