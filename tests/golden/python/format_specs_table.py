rows = [("alpha", 1, 0.5), ("beta", 22, 12.25), ("gamma", 333, 100.0)]
print(f"{'name':<8}|{'n':>5}|{'value':>9}")
for name, n, v in rows:
    print(f"{name:<8}|{n:>5d}|{v:>9.3f}")
print(f"{'|':^9}", f"{3.14159:.0f}", f"{2.5:.0f}", f"{1e6:.2e}", f"{123.456:10.1f}|")
print(format(3.14159, ".2f"), format(42, "b"), format("x", ">3"), format(0.5, "%"))
