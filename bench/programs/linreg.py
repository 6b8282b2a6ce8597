# Linear regression from scratch, the way d2l.ai writes it (section 3.2): synthetic data, a data
# iterator over shuffled minibatches (inline), a linear model, squared loss, minibatch SGD. 1,000 samples,
# batch 10, 3 epochs. Prints the whole run's time (trace recording included when traced) and the
# time of the tensor work alone: each timed part runs on one line, and the recorder records a step
# before a line runs, so `kernels` leaves the line steps out (backward's own per-node steps stay
# in). bench/compare_wasm.mjs runs it.
import time
import torch

start = time.perf_counter()
kernels = 0.0
torch.manual_seed(0)

true_w = torch.tensor([2, -3.4])
true_b = 4.2
num_examples = 1000
t0 = time.perf_counter(); X = torch.normal(0, 1, (num_examples, len(true_w))); y = torch.matmul(X, true_w) + true_b; y += torch.normal(0, 0.01, y.shape); y = y.reshape((-1, 1)); kernels += time.perf_counter() - t0
features, labels = X, y


w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.03
num_epochs = 3
batch_size = 10

for epoch in range(num_epochs):
    # d2l's data_iter, inline (stridelab has no generators; d2l shuffles a list with random.shuffle)
    indices = torch.randperm(num_examples)
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i: min(i + batch_size, num_examples)]
        Xb, yb = features[batch_indices], labels[batch_indices]
        t0 = time.perf_counter(); l = ((torch.matmul(Xb, w) + b - yb) ** 2 / 2).sum(); kernels += time.perf_counter() - t0
        t0 = time.perf_counter(); l.backward(); kernels += time.perf_counter() - t0
        with torch.no_grad():
            t0 = time.perf_counter(); w -= lr * w.grad / batch_size; b -= lr * b.grad / batch_size; w.grad.zero_(); b.grad.zero_(); kernels += time.perf_counter() - t0
    with torch.no_grad():
        train_l = ((torch.matmul(features, w) + b - labels) ** 2 / 2)
        print(f'epoch {epoch + 1}, loss {float(train_l.mean()):f}')

print("linreg_kernels: %.6f s" % kernels)
print("linreg_total: %.6f s" % (time.perf_counter() - start))
