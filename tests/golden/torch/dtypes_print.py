import torch
print(torch.float32, torch.float, torch.float64, torch.double, torch.int64, torch.long, torch.int32, torch.int, torch.bool)
print(torch.float is torch.float32, torch.long == torch.int64, torch.float32.is_floating_point, torch.int32.is_floating_point)
print(type(torch.float32), repr(torch.int64))
print(torch.device('cpu'), repr(torch.device('cpu')), torch.zeros(1).device == torch.device('cpu'))
print(torch.__version__, torch.get_num_threads())
torch.set_num_threads(1)
print(torch.get_num_threads())
