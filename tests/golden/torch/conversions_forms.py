import torch
x = torch.tensor([1.7, -2.3, 0.0])
print(x.to(torch.float64), x.to(dtype=torch.float64), x.to('cpu', torch.float64))
print(x.to(device='cpu', dtype=torch.int32), x.to(torch.device('cpu')) is x)
print(x.to(torch.float32) is x, x.to(torch.float32, copy=True) is x, x.to(torch.tensor([1], dtype=torch.int32)))
print(x.float() is x, x.double(), x.long(), x.int(), x.bool())
print(torch.tensor([2.5, -2.5, 3.5]).int(), torch.tensor([-1.5, 0.0]).bool(), torch.tensor([255, 256]).to(torch.bool))
print(x.type(torch.float64), x.type(torch.int32), x.type(), x.long().type(), x.bool().type(), x.double().type())
print(x.type('torch.DoubleTensor'), x.type('torch.LongTensor'), x.type(torch.float32) is x)
print(x.type_as(torch.tensor([1])), x.type_as(torch.zeros(1, dtype=torch.float64)).dtype)
print(float(x[0]), int(x[1]), bool(x[2]), int(torch.tensor(2.9)), float(torch.tensor([7])))


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: x.type(5))
attempt(lambda: x.type(float))
attempt(lambda: x.type('foo'))
attempt(lambda: x.to('cuda'))
attempt(lambda: x.to('gpu'))
attempt(lambda: int(x))
attempt(lambda: float(torch.zeros(0)))
if torch.cuda.is_available():
    x = x.to('cuda')
print(x.device)
