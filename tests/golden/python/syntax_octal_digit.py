mode = 0o755
bad = 0o7589
