class Stack:
    count = 0
    def __init__(self):
        self.items = []
        Stack.count += 1
    def push(self, x):
        self.items.append(x)
        return self
    def pop(self):
        return self.items.pop()
    def __len__(self):
        return len(self.items)
    def __repr__(self):
        return f"Stack({self.items})"
s = Stack().push(1).push(2)
t = Stack()
print(s, len(s), s.pop(), s, Stack.count, t.count)
m = s.push
m(5)
print(s, m.__name__)
print(Stack.__name__, type(Stack).__name__, type(s.push).__name__, type(Stack.push).__name__)
