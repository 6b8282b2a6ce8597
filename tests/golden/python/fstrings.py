x = 3.14159
n = 42
name = "Ada"
print(f"{x}", f"{x:.2f}", f"{x:8.3f}|", f"{x:e}", f"{x:.3g}", f"{n:d}", f"{n:5d}|", f"{n:<5d}|", f"{n:^7}|")
print(f"{n:x}", f"{n:#x}", f"{255:X}", f"{1234567:,}", f"{1234567.891:,.2f}", f"{0.25:%}", f"{0.25:.1%}")
print(f"{name!r}", f"{name:>6}", f"{name:*<6}", f"{name!s:^9}|", f"{{braces}}", f"{n + 1}", f"{[1, 2]}")
w = 10
p = 3
print(f"{x:{w}.{p}f}|", f"{'nested'}", f"{n=}" if False else "skip")
print(f"{1e-7}", f"{1e22}", f"{-5:+d}", f"{5:+d}", f"{3.0:g}", f"{100000000.0:g}", f"{12:08.3f}")
