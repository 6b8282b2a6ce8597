import torch
print(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 2.5], [3, 4]]))
print(torch.tensor([[True, False], [False, True]]), torch.tensor([1, True]), torch.tensor([1.5, True]))
print(torch.tensor((1, 2, 3)), torch.tensor([(1, 2), (3, 4)]), torch.tensor(data=[1, 2]))
print(torch.tensor([]), torch.tensor([[]]), torch.tensor([[], []]).shape, torch.tensor(5, dtype=torch.float64))
print(torch.tensor([1, 2], dtype=torch.bool), torch.tensor([0.0, 1.5], dtype=torch.int64))
print(torch.tensor([1.0, 2.0], requires_grad=True), torch.tensor([1.0], dtype=torch.float32, requires_grad=True))
print(torch.tensor([torch.tensor(1.0), torch.tensor(2.0)]), torch.tensor([torch.tensor([1.0]), torch.tensor([2.0])]))
print(torch.tensor([1, 2], dtype=torch.float32, device='cpu'), torch.tensor(2 ** 62), torch.tensor(1e-50))
print(torch.tensor([3.0e38, 1e39]), torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.FloatTensor([1, 2]))
t = torch.tensor([5.5, 3])
print(t.new_ones(5, 3, dtype=torch.double), torch.randn_like(t, dtype=torch.float).size())
src = torch.arange(3.0)
copied = torch.tensor(src)
print(copied, copied.data_ptr() == src.data_ptr())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: torch.tensor([[1, 2], [3]]))
attempt(lambda: torch.tensor([[1, 2], 3]))
attempt(lambda: torch.tensor([1, [2, 3]]))
attempt(lambda: torch.tensor('abc'))
attempt(lambda: torch.tensor(['a']))
attempt(lambda: torch.tensor([0, 'a']))
attempt(lambda: torch.tensor([1, None]))
attempt(lambda: torch.tensor(None))
attempt(lambda: torch.tensor([1, 2], requires_grad=True))
