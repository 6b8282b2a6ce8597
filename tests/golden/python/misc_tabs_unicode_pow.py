def f(x):
	if x:
		return 1
	return 0
print(f(1), f(0))
α = 0.5
β_2 = α * 2
print(α, β_2)
print(pow(2, 10, 1000), pow(3, -1, 7), pow(2, 0.5), pow(-8, 1/3) if False else 0)
print("progress", end="\r")
print("done")
print(*range(3), sep=", ")
import torch
ts = [torch.tensor(1.0), torch.tensor(2.5)]
print(sum(ts), max(ts), list(torch.arange(3)), float(ts[1]), int(ts[1]), len(torch.zeros(4, 2)), abs(torch.tensor(-2)))
print(f"{ts[1].item():.3f}", "%.2f" % ts[0].item(), round(ts[1].item()), str(ts[0]))
x = 5
global_counter = 0
def bump():
    global global_counter
    global_counter += x
    return global_counter
bump(); bump()
print(global_counter)
