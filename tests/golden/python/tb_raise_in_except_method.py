class Stack:
    def __init__(self):
        self.items = []
    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()
s = Stack()
try:
    s.pop()
except IndexError as e:
    print("caught:", e)
    s.pop()
