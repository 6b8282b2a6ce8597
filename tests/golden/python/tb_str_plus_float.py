text = "value: " + 3.5
