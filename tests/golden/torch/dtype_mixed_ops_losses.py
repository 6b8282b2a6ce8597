import torch
import torch.nn as nn
import torch.nn.functional as F

# Mixed dtypes through Linear, the matrix products, binary ops and the losses: what PyTorch
# computes, what it refuses, and what the backward then refuses.


def run(name, f):
    try:
        r = f()
    except Exception as e:
        print(name, "|", type(e).__name__ + ":", e)
        return
    print(name, "|", r.dtype, tuple(r.shape), r.grad_fn.name() if r.grad_fn else None)
    if r.requires_grad:
        try:
            r.sum().backward()
            print("   backward ok")
        except RuntimeError as e:
            print("   backward RuntimeError:", e)


make = {
    "f32": lambda *s: torch.ones(*s, requires_grad=True),
    "f64": lambda *s: torch.ones(*s, dtype=torch.float64, requires_grad=True),
    "i64": lambda *s: torch.ones(*s, dtype=torch.int64),
    "i32": lambda *s: torch.ones(*s, dtype=torch.int32),
    "bool": lambda *s: torch.ones(*s, dtype=torch.bool),
}

torch.manual_seed(0)
run("Linear(int64 input)", lambda: nn.Linear(3, 2)(make["i64"](2, 3)))
run("Linear(int32 input)", lambda: nn.Linear(3, 2)(make["i32"](2, 3)))
run("Linear(float64 input)", lambda: nn.Linear(3, 2)(make["f64"](2, 3)))
run("Linear(float64 1-D)", lambda: nn.Linear(3, 2)(make["f64"](3)))
run("Linear(int64 1-D)", lambda: nn.Linear(3, 2)(make["i64"](3)))
run("Linear(int64 3-D)", lambda: nn.Linear(3, 2)(make["i64"](4, 2, 3)))
run("Linear(int64 3-D, not contiguous)", lambda: nn.Linear(3, 2)(make["i64"](2, 4, 3).transpose(0, 1)))
run("Linear(float64 4-D)", lambda: nn.Linear(3, 2)(make["f64"](2, 2, 2, 3)))
run("Linear(bias=False, int64)", lambda: nn.Linear(3, 2, bias=False)(make["i64"](2, 3)))
run("Linear(float64).double()", lambda: nn.Linear(3, 2).double()(make["f64"](2, 3)))
run("F.linear no bias, int64", lambda: F.linear(make["i64"](2, 3), make["f32"](2, 3)))
run("F.linear no bias, float64", lambda: F.linear(make["f64"](2, 3), make["f32"](2, 3)))
run("F.linear float64 bias", lambda: F.linear(make["f32"](2, 3), make["f32"](2, 3), make["f64"](2)))
run("F.linear int64 bias", lambda: F.linear(make["f32"](2, 3), make["f32"](2, 3), make["i64"](2)))
run("F.linear int64 weight", lambda: F.linear(make["f32"](2, 3), make["i64"](2, 3), make["f32"](2)))

pairs = [("f32", "i64"), ("i64", "f32"), ("f32", "f64"), ("f64", "f32"), ("i64", "i32"), ("f32", "bool"),
         ("i64", "i64")]
for a, b in pairs:
    A, B = make[a], make[b]
    print("--", a, b)
    run("mm", lambda: A(2, 3).mm(B(3, 2)))
    run("@ 2-D", lambda: A(2, 3) @ B(3, 2))
    run("@ 1-D", lambda: A(3) @ B(3))
    run("@ matrix-vector", lambda: A(2, 3) @ B(3))
    run("@ vector-matrix", lambda: A(3) @ B(3, 2))
    run("@ batched", lambda: A(4, 2, 3) @ B(3, 2))
    run("@ batched both", lambda: A(4, 2, 3) @ B(4, 3, 2))
    run("mv", lambda: A(2, 3).mv(B(3)))
    run("dot", lambda: A(3).dot(B(3)))
    run("+", lambda: A(3) + B(3))
    run("*", lambda: A(3) * B(3))
    run("/", lambda: A(3) / B(3))
    run("-", lambda: A(3) - B(3))
    run("**", lambda: A(3) ** B(3))
    run("maximum", lambda: torch.maximum(A(3), B(3)))
    run("where", lambda: torch.where(make["bool"](3), A(3), B(3)))
    run("mse_loss", lambda: F.mse_loss(A(3), B(3)))
    run("mse_loss sum", lambda: F.mse_loss(A(3), B(3), reduction="sum"))
    run("mse_loss none", lambda: F.mse_loss(A(2, 3), B(2, 3), reduction="none"))
    run("MSELoss", lambda: nn.MSELoss()(A(3), B(3)))
    run("bce_with_logits", lambda: F.binary_cross_entropy_with_logits(A(3), B(3)))
    run("add_", lambda: A(3).detach().add_(B(3)))

print("-- classification losses")
target = torch.tensor([0, 2])
run("cross_entropy int64 input", lambda: F.cross_entropy(make["i64"](2, 3), target))
run("cross_entropy int32 target", lambda: F.cross_entropy(make["f32"](2, 3), target.int()))
run("cross_entropy float target (probabilities)", lambda: F.cross_entropy(make["f32"](2, 3), torch.ones(2, 3)))
run("cross_entropy float64 probabilities", lambda: F.cross_entropy(make["f32"](2, 3), torch.ones(2, 3, dtype=torch.float64)))
run("cross_entropy float64 input", lambda: F.cross_entropy(make["f64"](2, 3), target))
run("cross_entropy float64 input, float32 weight", lambda: F.cross_entropy(make["f64"](2, 3), target, weight=torch.ones(3)))
run("cross_entropy float32 input, float64 weight", lambda: F.cross_entropy(make["f32"](2, 3), target, weight=torch.ones(3, dtype=torch.float64)))
run("CrossEntropyLoss int64 input", lambda: nn.CrossEntropyLoss()(make["i64"](2, 3), target))
run("nll_loss float target", lambda: F.nll_loss(make["f32"](2, 3), torch.tensor([0.0, 2.0])))
run("nll_loss int32 target", lambda: F.nll_loss(make["f32"](2, 3), target.int()))
run("nll_loss int64 input", lambda: F.nll_loss(make["i64"](2, 3), target))
run("nll_loss int64 input, int32 target", lambda: F.nll_loss(make["i64"](2, 3), target.int()))
run("nll_loss bool input", lambda: F.nll_loss(make["bool"](2, 3), target))
run("nll_loss bad weight first", lambda: F.nll_loss(make["i64"](2, 3), target.int(), weight=torch.ones(2)))
run("nll_loss float64 input, float32 weight", lambda: F.nll_loss(make["f64"](2, 3), target, weight=torch.ones(3)))
run("bce_with_logits bool input", lambda: F.binary_cross_entropy_with_logits(make["bool"](3), torch.ones(3)))
run("bce_with_logits float64 input", lambda: F.binary_cross_entropy_with_logits(make["f64"](3), torch.ones(3)))
run("bce_with_logits float64 target", lambda: F.binary_cross_entropy_with_logits(make["f32"](3), torch.ones(3, dtype=torch.float64)))
run("mse_loss bool bool", lambda: F.mse_loss(make["bool"](3), make["bool"](3)))
run("mse_loss int32 float", lambda: F.mse_loss(make["i32"](3), torch.ones(3)))
run("mse_loss broadcast float64 target", lambda: F.mse_loss(make["f32"](2, 3), torch.ones(3, dtype=torch.float64)))

# The report's program: a float output against a Long target.
model = nn.Linear(3, 1)
out = model(torch.ones(4, 3))
loss = nn.MSELoss()(out, torch.ones(4, 1, dtype=torch.long))
print(loss.dtype, loss.grad_fn)
loss.backward()
