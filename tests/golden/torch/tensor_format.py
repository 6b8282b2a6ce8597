# Tensors in f-strings, format() and %-formatting: a 0-dim tensor formats as its number.
import torch
t = torch.tensor(3.14159)
print(f"{t:.4f}", "%.3f" % t, "%d" % torch.tensor(7), "%s" % t, "%r" % t, format(t, ">10.2f"))
print(f"{torch.tensor(5):5d}|", f"{torch.tensor(2.5):e}", "%5.1f%%" % torch.tensor(12.345))
print(f"{t}", f"{t!r}", f"{t:}")
print("%x" % torch.tensor(255), "%g" % torch.tensor(1e-7))
print(f"{torch.tensor([1.0, 2.0])}")
try:
    print(f"{torch.tensor([1.0, 2.0]):.2f}")
except TypeError as e:
    print("TypeError:", e)
try:
    print("%.2f" % torch.tensor([1.0, 2.0]))
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
x = torch.tensor([1.5, 2.5], requires_grad=True)
print(f"{x[0]:.3f}", "%.1f" % x.sum(), f"{x.sum().item():.2f}")
print("loss: %.4f, acc: %d%%" % (torch.tensor(0.12345), 97))
print("{:.2f} {:>8.3f}".format(torch.tensor(1.0), torch.tensor(2.0)))
print("%d" % torch.tensor(3.7), "%i" % torch.tensor(True))
w = torch.nn.Parameter(torch.tensor(1.5))
print(f"{w}", f"{w.data:.2f}", "%.2f" % w)
print("%.2f" % torch.tensor([1.0, 2.0]))
