# A bytes literal cannot be joined to a str literal.
print("before")
label = (b"raw"
         "text")
