import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: torch.arange(0, 5, 0))
attempt(lambda: torch.arange(0, 5, -1))
attempt(lambda: torch.arange(1, 4, requires_grad=True))
attempt(lambda: torch.zeros(-1))
attempt(lambda: torch.zeros(2, -1))
attempt(lambda: torch.zeros(2.0))
attempt(lambda: torch.zeros('a'))
attempt(lambda: torch.zeros((2, 'a')))
attempt(lambda: torch.zeros(2, foo=1))
attempt(lambda: torch.full(2, 3))
attempt(lambda: torch.full((2,), 'a'))
attempt(lambda: torch.eye(-1))
attempt(lambda: torch.linspace(0, 1, -1))
attempt(lambda: torch.linspace(0, 1))
attempt(lambda: torch.ones(2, 2, out=torch.zeros(1)))
attempt(lambda: torch.zeros(2, out=torch.zeros(2, dtype=torch.int64)))
attempt(lambda: torch.arange(3, out=torch.zeros(3)))
