import math

def train(epochs=5, lr=0.1, verbose=True):
    history = []
    w = 0.0
    for epoch in range(epochs):
        grad = 2 * (w - 3)
        w -= lr * grad
        loss = (w - 3) ** 2
        history.append(loss)
        if verbose:
            print(f"epoch {epoch + 1:>2}/{epochs}: w={w:.4f} loss={loss:.6f}")
    return w, history

def main():
    w, hist = train()
    print(f"final w = {w:.5f}, best loss = {min(hist):.3e}")
    print("losses:", [round(h, 4) for h in hist])
    print("-" * 30)
    for t in range(500):
        if t % 100 == 99:
            print(t, math.exp(-t / 100))

if __name__ == "__main__":
    main()
print(__name__)
