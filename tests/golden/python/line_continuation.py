total = 1 + \
    2 + \
    3
values = [
    1,
    2,  # comment
    3,
]
d = {
    "a": 1,
    "b": 2
}
result = (total
          * 2)
print(total, values, d, result)
def f(a,
      b):
    return a + b
print(f(1,
        2))
