# The in-place aliases: divide_, true_divide_, negative_, absolute_ (and the out-of-place
# negative and absolute), with the nodes of div_, neg_ and abs_.
import torch

x = torch.tensor([1.0, -2.0, 4.0], requires_grad=True)
y = x * 1
print(y.divide_(2) is y, y, y._version)
y.divide_(torch.tensor([1.0, 3.0, 2.0]), rounding_mode="trunc")
print(y, y._version)
y.true_divide_(4)
print(y, y._version)
z = x * 1
print(z.negative_(), z._version)
print(z.absolute_(), z._version)
print(torch.negative(x), torch.absolute(x), x.negative(), x.absolute())
(y.sum() + z.sum()).backward()
print(x.grad)
i = torch.tensor([3, -4])
print(i.negative_(), i.absolute_(), i._version)
for f in [lambda: i.true_divide_(2), lambda: x.divide_(2), lambda: z.negative_(1)]:
    try:
        f()
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
