n = 5
n.value = 3
