# torch.inference_mode(): tensors made inside are inference tensors, with PyTorch's errors outside.
import torch

x = torch.ones(3)
w = torch.ones(3, requires_grad=True)
print(torch.is_inference_mode_enabled(), x.is_inference())
with torch.inference_mode():
    y = x * 2
    z = torch.arange(3.)
    v = x[1:]
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    print(y.is_inference(), z.is_inference(), v.is_inference(), x.is_inference(), y.requires_grad)
    x.add_(1)
    print(x._version, v._version)
    y.add_(1)
    y[0] = 5.0
    ww = w * 2
    print(ww.requires_grad, ww.is_inference(), ww.grad_fn)
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(y, z, v)
print(y.is_inference(), y[0].is_inference(), y.view(3).is_inference(), y.detach().is_inference(),
      y.data.is_inference(), y.clone().is_inference())

def attempt(name, f):
    try:
        f()
        print(name, "ok")
    except RuntimeError as e:
        print(name, "RuntimeError:", e)

attempt("_version", lambda: y._version)
attempt("add_", lambda: y.add_(1))
attempt("setitem", lambda: y.__setitem__(0, 5.0))
attempt("view mul_", lambda: y[0:2].mul_(2))
attempt("zero_", lambda: y.zero_())
attempt("fill_", lambda: y.fill_(1))
attempt("mul saves it", lambda: (y * w).sum().backward())
attempt("matmul saves it", lambda: y @ w)
attempt("add saves nothing", lambda: print((y + w).grad_fn.name()))
attempt("requires_grad_", lambda: y.requires_grad_())
attempt("requires_grad =", lambda: setattr(y, "requires_grad", True))
attempt("requires_grad_(False)", lambda: y.requires_grad_(False))
print(y)
c = y.clone()
c.add_(1)
print(c, c.is_inference(), c._version)

def aug():
    global y
    y += 1
attempt("+=", aug)

with torch.inference_mode():
    lin = torch.nn.Linear(2, 1)
print(lin.weight.is_inference(), lin.weight.requires_grad)

with torch.no_grad():
    q = x * 2
print(q.is_inference(), q._version)

@torch.inference_mode()
def predict(t):
    return t * 3
r = predict(x)
print(r.is_inference(), torch.is_inference_mode_enabled())
with torch.inference_mode(mode=False):
    print(torch.is_inference_mode_enabled(), (x * 2).is_inference(), torch.is_grad_enabled())
with torch.inference_mode():
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), (x * 2).is_inference())
    print(torch.is_inference_mode_enabled())

# a model evaluated inside the mode, its output used for training outside
torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
with torch.inference_mode():
    preds = model(torch.ones(2, 3))
print(preds, preds.is_inference(), preds.requires_grad)
target = torch.zeros(2, 1)
loss_fn = torch.nn.MSELoss()
attempt("train on inference output", lambda: loss_fn(model(preds.expand(2, 3)), target).backward())
loss = loss_fn(model(preds.clone().expand(2, 3)), target)
loss.backward()
print(loss, model.weight.grad)
