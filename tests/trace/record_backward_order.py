"""Records the order in which PyTorch's engine runs the nodes of a few graphs (post-hooks on every
node), for tests/trace/session_test.cpp. Run with the oracle: /usr/bin/python3 tests/trace/record_backward_order.py"""
import json
import os

import torch

PROGRAMS = {
    "doc004_pow": """
leaf = torch.tensor([1, 2, 3, 4, 5], dtype=torch.float, requires_grad=True)
middle = leaf + 2
root = middle.pow(2)
out = root.sum()
""",
    "two_paths": """
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
z = y.exp() + y * 2
out = z.mean()
""",
    "linear": """
torch.manual_seed(0)
W = torch.randn(3, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
x = torch.ones(4, 3)
h = (x @ W + b).relu()
out = (h ** 2).sum()
""",
}


def order_of(src):
    env = {"torch": torch}
    exec(src, env)
    out = env["out"]
    seen, order, stack = set(), [], [out.grad_fn]
    while stack:
        n = stack.pop()
        if n is None or n in seen:
            continue
        seen.add(n)
        n.register_hook(lambda gi, go, n=n: order.append(type(n).__name__))
        stack.extend(f for f, _ in n.next_functions)
    out.backward()
    return order


result = {name: {"source": src.strip() + "\nout.backward()\n", "order": order_of(src)} for name, src in PROGRAMS.items()}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected", "backward_order.json")
with open(path, "w") as f:
    json.dump(result, f, indent=1)
    f.write("\n")
print(json.dumps({k: v["order"] for k, v in result.items()}, indent=1))
