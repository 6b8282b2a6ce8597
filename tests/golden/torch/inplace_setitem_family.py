import torch

# Every __setitem__ form: the version it leaves, the node it records (and what that node points
# to), and the gradients that flow back through it.


def names(fn):
    if fn is None:
        return None
    return fn.name(), [None if n is None else n.name() for n, _ in fn.next_functions]


def mask():
    return torch.tensor([True, False, True, False])


forms = [
    ("int, number", lambda: 0, lambda: 4.0),
    ("int, 0-d tensor", lambda: 0, lambda: torch.tensor(4.0)),
    ("negative int", lambda: -1, lambda: 4),
    ("slice, number", lambda: slice(None), lambda: 4),
    ("slice, tensor", lambda: slice(1, 3), lambda: torch.tensor([4.0, 5.0])),
    ("slice, broadcast", lambda: slice(None), lambda: torch.tensor([[7.0]])),
    ("stepped slice", lambda: slice(None, None, 2), lambda: 4.0),
    ("empty slice", lambda: slice(2, 2), lambda: 4.0),
    ("ellipsis, number", lambda: Ellipsis, lambda: 4.0),
    ("ellipsis, tensor", lambda: Ellipsis, lambda: torch.arange(4.0)),
    ("None", lambda: None, lambda: 4.0),
    ("True", lambda: True, lambda: torch.tensor([1.0, 2.0, 3.0, 4.0])),
    ("False", lambda: False, lambda: 4.0),
    ("(True,)", lambda: (True,), lambda: 4.0),
    ("(False,)", lambda: (False,), lambda: 4.0),
    ("mask, number", mask, lambda: 4.0),
    ("mask, tensor", mask, lambda: torch.tensor([4.0, 5.0])),
    ("mask, 0-d tensor", mask, lambda: torch.tensor(4.0)),
    ("0-d True mask", lambda: torch.tensor(True), lambda: 4.0),
    ("0-d int tensor", lambda: torch.tensor(1), lambda: 4.0),
    ("index tensor, number", lambda: torch.tensor([0, 2]), lambda: 4.0),
    ("index tensor, tensor", lambda: torch.tensor([0, 2]), lambda: torch.tensor([4.0, 5.0])),
    ("list, number", lambda: [0, 2], lambda: 4.0),
    ("list of floats", lambda: [1.0, 3.0], lambda: 4.0),
    ("bool list", lambda: [True, False, False, True], lambda: 4.0),
    ("empty list", lambda: [], lambda: 4.0),
    ("range", lambda: range(1, 3), lambda: 4.0),
    ("tuple (slice,)", lambda: (slice(1, None),), lambda: 4.0),
    ("long value into float", lambda: slice(None), lambda: torch.tensor([1, 2, 3, 4])),
    ("double value into float", lambda: slice(0, 2), lambda: torch.tensor([1.5, 2.5], dtype=torch.float64)),
]

for name, index, value in forms:
    print("--", name)
    # A tensor in a graph: the write is recorded, the leaf gets gradients through it.
    w = torch.arange(1.0, 5.0, requires_grad=True)
    d = w * 2
    d[index()] = value()
    print(" graph", d._version, names(d.grad_fn), d.tolist())
    (d * torch.arange(1.0, 5.0)).sum().backward()
    print(" grad", w.grad.tolist())
    # A value that requires grad written into a plain tensor.
    p = torch.zeros(4)
    v = value()
    if isinstance(v, torch.Tensor) and v.is_floating_point():
        v = v.clone().requires_grad_()
        p[index()] = v
        print(" value grad", p._version, names(p.grad_fn))
        p.sum().backward()
        print(" value's grad", v.grad)
    else:
        p[index()] = v
        print(" plain", p._version, p.grad_fn, p.tolist())
    # A leaf that requires grad, under no_grad and outside it.
    leaf = torch.ones(4, requires_grad=True)
    with torch.no_grad():
        leaf[index()] = value()
    print(" no_grad leaf", leaf._version, leaf.grad_fn, leaf.is_leaf, leaf.requires_grad)
    try:
        leaf[index()] = value()
        print(" leaf", leaf._version)
    except RuntimeError as e:
        print(" leaf", leaf._version, "RuntimeError:", e)
    # A view of a tensor in a graph: the view and its base share the version counter.
    w2 = torch.arange(1.0, 7.0, requires_grad=True)
    b = w2 * 1
    view = b[1:5]
    view[index()] = value()
    print(" view", view._version, b._version, names(view.grad_fn), names(b.grad_fn), b.tolist())
    b.sum().backward()
    print(" base grad", w2.grad.tolist())

# The saved tensor's version in backward's error names the bumps of every write.
for name, index, value in forms[:6] + forms[15:18] + forms[20:22]:
    w = torch.ones(4, requires_grad=True)
    d = w.exp()
    d[index()] = value()
    y = d * d
    d[index()] = value()
    print(name, d._version, names(d.grad_fn))
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(" ", e)

# Errors from the value, read before the index; deleting.
x = torch.zeros(2, 3)
for value in ["s", [1, 2], None, (1,)]:
    for index in [False, True, 0, slice(None), "k"]:
        try:
            x[index] = value
        except TypeError as e:
            print(repr(index), "TypeError:", e)
for index in [[True], (0, []), torch.tensor([0, 1])]:
    for value in [1.0, torch.ones(3), torch.ones(3, dtype=torch.float64)]:
        try:
            x[index] = value
            print(index, x._version)
        except (IndexError, RuntimeError) as e:
            print(index, type(e).__name__ + ":", e)
print(x[[]].shape, x[[1.0]].shape, x[(0, [])].shape, x[True].shape, x[False].shape, x._version)
try:
    del x[0]
except TypeError as e:
    print("TypeError:", e)
