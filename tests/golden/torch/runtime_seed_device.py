import torch
print(torch.__version__, torch.get_num_threads())
torch.set_num_threads(2)
print(torch.get_num_threads())
g = torch.manual_seed(0)
print(type(torch.manual_seed(1)), g is torch.manual_seed(1), torch.initial_seed())
a = torch.rand(3)
torch.manual_seed(1)
print(torch.equal(a, torch.rand(3)), torch.rand(3))
torch.manual_seed(3.5)
print(torch.initial_seed(), torch.randn(2))
device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Using {device} device", torch.cuda.is_available())
x = torch.ones(2, device=device)
print(x.device, x.device.type, str(x.device), repr(torch.device('cpu')), x.device == torch.device('cpu'))
try:
    torch.manual_seed('a')
except ValueError as e:
    print(e)
try:
    torch.set_num_threads(0)
except RuntimeError as e:
    print(e)
