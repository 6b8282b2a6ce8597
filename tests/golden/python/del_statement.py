x = 1
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
d = {"a": 1, "b": 2}
del d["a"]
lst = [1, 2, 3]
del lst[0], lst[-1]
print(d, lst)
class O:
    pass
o = O()
o.attr = 1
del o.attr
print(hasattr(o, "attr"))
