import torch
for d in ['a', ['a'], [[1, 2], [3]], [1, [2]], None]:
    try:
        print(torch.tensor(d))
    except Exception as e:
        print(type(e).__name__, e)
