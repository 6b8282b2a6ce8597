# A Python call through a conditional expression and a bound method (NOTE [Evaluator frames]): deep
# recursion, and the error positions of the branch taken.
class A:
    def g(self, n):
        return n if n == 0 else self.g(n - 1) + 1
print(A().g(900))
def f(n):
    return 0 if n == 0 else 1 + f(n - 1)
print(f(990))
def h(x):
    return (x.missing
            if x else
            [][5])
try:
    h(0)
except IndexError as e:
    print("IndexError", e)
h(1)
