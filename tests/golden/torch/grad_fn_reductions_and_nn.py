import torch
import torch.nn.functional as F
torch.manual_seed(0)
m = torch.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
cases = [
    ("sum", lambda: m.sum()), ("sum(0)", lambda: m.sum(0)), ("mean", lambda: m.mean()), ("mean(1)", lambda: m.mean(1)),
    ("prod", lambda: m.prod()), ("prod(0)", lambda: m.prod(0)), ("var", lambda: m.var()), ("std(0)", lambda: m.std(0)),
    ("norm", lambda: m.norm()), ("norm(dim=1)", lambda: m.norm(dim=1)), ("max", lambda: m.max()),
    ("max(0)", lambda: m.max(0)[0]), ("min(1)", lambda: m.min(1).values), ("softmax", lambda: m.softmax(0)),
    ("log_softmax", lambda: m.log_softmax(1)), ("m @ m.t()", lambda: m @ m.t()), ("x @ x", lambda: x @ x),
    ("mm", lambda: m.mm(m.t())), ("dot", lambda: x.dot(x)), ("matmul mv", lambda: m.matmul(x)),
    ("relu", lambda: F.relu(m)), ("linear", lambda: F.linear(m, m)), ("linear+bias", lambda: F.linear(m, m, x[:2])),
    ("linear 1-D", lambda: F.linear(x, m, x[:2])), ("linear 3-D", lambda: F.linear(m.unsqueeze(0), m, x[:2])),
    ("mse_loss", lambda: F.mse_loss(m, m.detach() * 2)), ("cross_entropy", lambda: F.cross_entropy(m, torch.tensor([0, 1]))),
    ("bce_logits", lambda: F.binary_cross_entropy_with_logits(m, torch.ones(2, 3))), ("sigmoid", lambda: torch.sigmoid(x)),
    ("tanh", lambda: torch.tanh(x)), ("abs", lambda: abs(m)), ("neg", lambda: -x), ("exp", lambda: x.exp()),
    ("log", lambda: x.log()), ("sqrt", lambda: x.sqrt()), ("sin", lambda: x.sin()), ("cos", lambda: x.cos()),
    ("maximum", lambda: torch.max(x, x.flip(0))),
]
for name, make in cases:
    y = make()
    fn = y.grad_fn
    print(name, fn.name(), [(f.name() if f is not None else None, i) for f, i in fn.next_functions])
    y.sum().backward()
    print("  ", m.grad, x.grad)
    m.grad = None
    x.grad = None
