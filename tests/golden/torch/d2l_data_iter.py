# d2l's minibatch reader (3.2.2) with a generator, without the shuffle: batches of tensors.
import torch


def synthetic_data(w, b, num_examples):
    X = torch.arange(num_examples * len(w), dtype=torch.float32).reshape((num_examples, len(w))) / 10
    y = torch.matmul(X, w) + b
    return X, y.reshape((-1, 1))


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    for i in range(0, num_examples, batch_size):
        batch_indices = torch.tensor(indices[i: min(i + batch_size, num_examples)])
        yield features[batch_indices], labels[batch_indices]


true_w = torch.tensor([2, -3.4])
true_b = 4.2
features, labels = synthetic_data(true_w, true_b, 10)
batches = data_iter(4, features, labels)
print(batches)
for X, y in batches:
    print(X, '\n', y)
w = torch.zeros((2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(2):
    for X, y in data_iter(5, features, labels):
        l = ((X @ w + b - y) ** 2 / 2).sum()
        l.backward()
        with torch.no_grad():
            for param in [w, b]:
                param -= 0.01 * param.grad / 5
                param.grad.zero_()
    print(f'epoch {epoch + 1}, loss {float(((features @ w + b - labels) ** 2 / 2).mean()):f}')
print(sum(X.shape[0] for X, _ in data_iter(3, features, labels)))
