# A generator freed while suspended is closed: its finally blocks and __exit__ run right there.
def numbers(n):
    try:
        for i in range(n):
            yield i
    finally:
        print("finally of numbers", n)


for x in numbers(3):
    print("got", x)
    if x == 1:
        break
print("after the loop")


def first_even(n):
    for x in numbers(n):
        if x % 2 == 0 and x > 0:
            return x


print("first even:", first_even(6))

it = numbers(2)
print(next(it))
del it
print("after del")

it = numbers(4)
next(it)
it = None
print("after rebinding")


class Resource:
    def __enter__(self):
        print("open")
        return self

    def __exit__(self, *exc):
        print("close", exc[0].__name__ if exc[0] else None)
        return False


def lines():
    with Resource():
        yield "a"
        yield "b"


for line in lines():
    print(line)
    break
print("after with")


def nested():
    try:
        try:
            yield 1
        finally:
            print("inner finally")
    finally:
        print("outer finally")


g = nested()
next(g)
g = nested()
print("second made")
del g


def catches():
    try:
        yield 1
    except GeneratorExit:
        print("caught GeneratorExit")
        raise


c = catches()
next(c)
c = 0
done = numbers(1)
print(list(done))
del done
not_started = numbers(5)
del not_started
_left = numbers(9)
next(_left)
kept = numbers(8)
next(kept)
alias = kept
print("end")
