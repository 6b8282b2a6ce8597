import torch
import torch.nn.functional as F

# Double backward: the first-order gradients taken with create_graph=True are graphs of their own
# (their grad_fn names below), and a second backward through them reaches what PyTorch's reaches.


def tree(fn, depth):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return fn.name() + str([tree(n, depth - 1) for n, _ in fn.next_functions])


def run(name, f, nin=1, shape=(2, 3), pos=False, weight_grad=False):
    torch.manual_seed(0)
    leaves, xs = [], []
    for i in range(nin):
        p = torch.randn(*shape)
        if pos:
            p = p.abs() + 0.5
        p.requires_grad_()
        b = torch.full(shape, 0.25, requires_grad=True)
        leaves += [p, b]
        xs.append(p * 1.5 + b)
    y = f(*xs)
    w = torch.linspace(-1, 1, y.numel()).view(y.shape) if y.dim() else torch.tensor(0.7)
    if weight_grad:
        # The weights require grad too: the formulas' own structure shows in the first-order graph.
        w.requires_grad_()
    gs = torch.autograd.grad((y * w).sum(), leaves[0::2], create_graph=True, allow_unused=True)
    print(name, [None if g is None else tree(g.grad_fn, 2) for g in gs])
    total = sum((g * (k + 1.0)).pow(2).sum() for k, g in enumerate(gs) if g is not None and g.requires_grad)
    if isinstance(total, int):
        print("  nothing requires grad")
        return
    for leaf, g in zip(["p", "b"] * nin, torch.autograd.grad(total, leaves, allow_unused=True)):
        print("  ", leaf, g)


run("relu", torch.relu)
run("F.relu", F.relu)
run("relu_", lambda x: x.clone().relu_())
run("sigmoid", torch.sigmoid)
run("sigmoid_", lambda x: x.clone().sigmoid_())
run("tanh", torch.tanh)
run("exp", torch.exp)
run("log", torch.log, pos=True)
run("sin", torch.sin)
run("cos", torch.cos)
run("reciprocal", torch.reciprocal, pos=True)
run("neg", torch.neg)
run("sign", torch.sign)
run("floor", torch.floor)
run("pow_tensor", lambda x, y: x.pow(y), nin=2, pos=True)
run("mul", lambda x, y: x * y, nin=2)
run("div", lambda x, y: x / y, nin=2, pos=True)
run("add", lambda x, y: x + y, nin=2)
run("rsub", lambda x: 1 - x)
run("clamp", lambda x: x.clamp(-0.5, 0.5))
run("clamp_min", lambda x: x.clamp(min=0.1))
run("clamp_tensor", lambda x, lo: x.clamp(lo, lo + 0.5), nin=2)
run("maximum", torch.maximum, nin=2)
run("minimum", torch.minimum, nin=2)
run("where", lambda x, y: torch.where(x > 0, x, y), nin=2)
run("masked_fill", lambda x: x.masked_fill(x > 0, 2.0))
run("max", lambda x: x.max())
run("min_dim", lambda x: x.min(dim=0)[0])
run("max_dim", lambda x: x.max(dim=1).values)
run("amax", lambda x: x.amax(dim=1))
run("sum", lambda x: x.sum(dim=0))
run("mean", lambda x: x.mean())
run("prod", lambda x: x.prod(dim=1))
run("var", lambda x: x.var(dim=1))
run("norm", lambda x: x.norm(dim=1))
run("softmax", lambda x: x.softmax(dim=1))
run("softmax_dim0", lambda x: torch.softmax(x, dim=0))
run("log_softmax", lambda x: x.log_softmax(dim=1))
run("logsumexp", lambda x: x.logsumexp(dim=1))
run("cumsum", lambda x: x.cumsum(dim=1))
run("matmul", lambda x, y: x @ y.t(), nin=2)
run("mm_relu", lambda x, y: torch.relu(x) @ y.t(), nin=2)
run("sigmoid_tanh", lambda x: torch.tanh(torch.sigmoid(x) * 2))
run("sort", lambda x: x.sort(dim=1).values)
run("index", lambda x: x[[0, 1, 1]])
run("gather", lambda x: x.gather(1, torch.tensor([[0, 0], [2, 1]])))
run("mse", lambda x, y: F.mse_loss(x, y), nin=2)
run("mse_sum", lambda x, y: F.mse_loss(x, y, reduction="sum"), nin=2)
run("mse_none", lambda x, y: F.mse_loss(x, y, reduction="none"), nin=2)
run("mse_target", lambda x: F.mse_loss(torch.zeros(2, 3), x))
run("linear", lambda x, y: F.linear(x, y, y[:, 0]), nin=2)
run("cat", lambda x, y: torch.cat([x, y]), nin=2)
run("expand", lambda x: x[:1].expand(4, 3))
run("abs", torch.abs)
run("norm_p1", lambda x: x.norm(p=1))
run("sqrt", torch.sqrt, pos=True)
run("tan", torch.tan)
run("rsqrt", torch.rsqrt, pos=True)
run("log1p", torch.log1p, pos=True)
run("expm1", torch.expm1)
run("log2", torch.log2, pos=True)
run("log10", torch.log10, pos=True)
run("pow2", lambda x: x.pow(2))
run("pow_half", lambda x: x.pow(0.5), pos=True)
run("std", lambda x: x.std())
run("mv", lambda x, y: x.mv(y[0]), nin=2)
run("dot", lambda x, y: x[0].dot(y[0]), nin=2)
run("diagonal", lambda x: (x[:, :2].diagonal() * x[0, :2]).sum())
run("cross_entropy", lambda x: F.cross_entropy(x, torch.tensor([0, 2])))
run("cross_entropy_sum", lambda x: F.cross_entropy(x, torch.tensor([1, 2]), reduction="sum"))
run("nll", lambda x: F.nll_loss(x.log_softmax(1), torch.tensor([0, 2])))
run("bce_logits", lambda x, y: F.binary_cross_entropy_with_logits(x, y.sigmoid()), nin=2)

print("-- with weights that require grad")
for name, f, nin, pos in [("relu", torch.relu, 1, False), ("sigmoid", torch.sigmoid, 1, False),
                          ("tanh", torch.tanh, 1, False), ("exp", torch.exp, 1, False), ("sqrt", torch.sqrt, 1, True),
                          ("abs", torch.abs, 1, False), ("tan", torch.tan, 1, False), ("log1p", torch.log1p, 1, True),
                          ("expm1", torch.expm1, 1, False), ("log2", torch.log2, 1, True), ("pow3", lambda x: x ** 3, 1, False),
                          ("rsqrt", torch.rsqrt, 1, True), ("mean", lambda x: x.mean(), 1, False),
                          ("mean_dim", lambda x: x.mean(dim=1), 1, False), ("var", lambda x: x.var(dim=1), 1, False),
                          ("std", lambda x: x.std(), 1, False), ("norm_p1", lambda x: x.norm(p=1), 1, False),
                          ("softmax", lambda x: x.softmax(1), 1, False), ("log_softmax", lambda x: x.log_softmax(1), 1, False),
                          ("mse", lambda x, y: F.mse_loss(x, y), 2, False), ("cross_entropy", lambda x: F.cross_entropy(x, torch.tensor([0, 2])), 1, False),
                          ("bce_logits", lambda x, y: F.binary_cross_entropy_with_logits(x, y.sigmoid()), 2, False),
                          ("mv", lambda x, y: x.mv(y[0]), 2, False), ("clamp", lambda x: x.clamp(-0.5, 0.5), 1, False),
                          ("matmul", lambda x, y: x @ y.t(), 2, False), ("max", lambda x: x.max(), 1, False),
                          ("min", lambda x: x.min(), 1, False), ("amax", lambda x: x.amax(dim=1), 1, False),
                          ("amin", lambda x: x.amin(), 1, False), ("amax_keepdim", lambda x: x.amax(0, keepdim=True), 1, False),
                          ("logsumexp", lambda x: x.logsumexp(dim=1), 1, False),
                          ("maximum", torch.maximum, 2, False), ("minimum", torch.minimum, 2, False),
                          ("nll", lambda x: F.nll_loss(x.log_softmax(1), torch.tensor([0, 2])), 1, False),
                          ("dot", lambda x, y: x[0].dot(y[0]), 2, False), ("slice", lambda x: x[:, 1:] * 2, 1, False),
                          ("diagonal", lambda x: x.diagonal() * x[0, :2], 1, False),
                          ("max_dim", lambda x: x.max(dim=1).values, 1, False), ("min_dim", lambda x: x.min(0)[0], 1, False),
                          ("max_keepdim", lambda x: x.max(1, keepdim=True).values, 1, False),
                          ("sort", lambda x: x.sort(dim=1).values, 1, False), ("topk", lambda x: x.topk(2).values, 1, False),
                          ("index", lambda x: x[[0, 1, 1]], 1, False), ("index_2d", lambda x: x[[0, 1], [2, 2]], 1, False),
                          ("gather", lambda x: x.gather(1, torch.tensor([[0, 0], [2, 1]])), 1, False),
                          ("index_select", lambda x: x.index_select(1, torch.tensor([0, 2, 2])), 1, False),
                          ("masked_select", lambda x: x.masked_select(x > 0), 1, False),
                          ("trace", lambda x: x[:, :2].trace(), 1, False)]:
    run(name, f, nin=nin, pos=pos, weight_grad=True)

# The gradient penalty of a small network: Linear -> ReLU -> Linear.
torch.manual_seed(0)
l1 = torch.nn.Linear(3, 4)
l2 = torch.nn.Linear(4, 1)
x = torch.randn(5, 3, requires_grad=True)
y = l2(torch.relu(l1(x)))
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(tree(g.grad_fn, 3))
penalty = (g.norm(2, dim=1) - 1).pow(2).mean()
penalty.backward()
print(l1.bias.grad, l1.weight.grad, l2.weight.grad, l2.bias.grad, sep="\n")

# The same through nn.Sigmoid and nn.Tanh-like activations, and a second derivative of relu/sigmoid/tanh.
for act in [torch.relu, torch.sigmoid, torch.tanh, lambda t: torch.softmax(t, dim=1)]:
    torch.manual_seed(1)
    x = torch.randn(4, 3, requires_grad=True)
    h = act(x * 2)
    g, = torch.autograd.grad((h * torch.arange(12.0).view(4, 3)).sum(), x, create_graph=True)
    gg, = torch.autograd.grad(g.sum(), x, retain_graph=True)
    print(g.grad_fn.name(), [n.name() if n else None for n, _ in g.grad_fn.next_functions], gg)
    node = g.grad_fn.next_functions[0][0]
    print(node.name(), [tuple(getattr(node, k).shape) for k in ["_saved_self", "_saved_output", "_saved_grad_output"] if hasattr(node, k)])

# trace's backward fills every (columns + 1)-th element, as PyTorch's does (past the diagonal of a
# tall matrix).
for shape in [(3, 3), (4, 1), (5, 2), (2, 5)]:
    x = torch.ones(*shape, requires_grad=True)
    x.trace().backward()
    print(shape, x.grad.flatten().tolist())
