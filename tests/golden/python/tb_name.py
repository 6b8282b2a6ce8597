print("before")
print(undefined_variable)
