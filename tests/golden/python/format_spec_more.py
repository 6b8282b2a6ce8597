# The format-spec mini-language in f-strings, str.format and format().
x, n, s = 3.14159265, 1234567, "pad"
print(f"{x:+.2f}|{-x:+.2f}|{x: .3f}|{x:10.4f}|{x:<10.2f}|{x:^10.1f}|{x:*>12.3f}|{x:_<9.1f}|")
print(f"{n:,}|{n:_}|{n:,.2f}|{n:_x}|{n:_b}|{n:#_o}|{1234.5678:,.2f}|{-n:012,}|")
print(f"{n:#x}|{n:#X}|{n:#o}|{n:#b}|{255:08b}|{255:#010x}|{-42:05d}|{42:=+6d}|{42:0=6}|")
print(f"{0.25:%}|{0.25:.0%}|{1.5:.1%}|{-0.001:.2%}|{2:%}|")
print(f"{x:e}|{x:.2E}|{12345.678:g}|{0.00001234:g}|{1e100:.3g}|{123456789:.3e}|{100:g}|{1e16:g}|")
print(f"{x:.3}|{1e20:.3}|{100.0:}|{1.0:.0f}|{2.5:.0f}|{3.5:.0f}|{x:#.0f}|{5:#.3g}|")
print(f"{s:>8}|{s:<8}|{s:^8}|{s:-^9}|{s:.2}|{s:>6.2}|{'é':*^5}|")
print(f"{s!r}|{s!s}|{s!r:>10}|{[1, 'a']!s}|{x!r}|{'tab':{'>'}{8}}|")
w, p = 10, 3
print(f"{x:{w}.{p}f}|{x:>{w}}|{n:{','}}|{s:{'^'}{w}}|{x:0{w}.2f}|")
print("{:+.2f} {:>{}} {:{w}.{p}f} {!r:>6}".format(x, "r", 5, x, "q", w=8, p=2))
print("{0:.1f} {0:.3f} {1:,} {name:^7}|".format(x, n, name="mid"))
print(format(x, ".2f"), format(n, ","), format(s, "^7"), format(True, ">6"), format(True, "d"), format(5, ""))
print(f"{True:5}|{None!s:>6}|{False!r}|{3:5}|{3.0:5}|{-0.0:+}|{float('inf'):+.2f}|{float('nan'):>6}|")
print(f"{97:c}|{65:c}|{'x':3}|{7:o}|{1000000:.2e}|{0.1 + 0.2}|{1/3:.10f}|")
print(f"{2**70:,}|{2**64:x}|{-2**65:_d}|{10**20:e}|")

for bad in [lambda: f"{s:d}", lambda: f"{x:d}", lambda: f"{n:s}", lambda: f"{s:,}", lambda: f"{x:,b}",
            lambda: f"{n:.2d}", lambda: f"{s:=5}", lambda: format([], "x"), lambda: f"{n:,_}",
            lambda: f"{1.5:c}", lambda: "{:+}".format("s")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(f"{x:q}")
