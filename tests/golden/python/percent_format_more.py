# %-formatting: conversions, flags, width and precision, * widths, a mapping of values.
print("%d %5.2f %s %r %x %%" % (42, 3.14159, "hi", "hi", 255))
print("%5d|%-5d|%05d|%+d|% d|%+.1f|%-8.3f|" % (42, 42, 42, 42, 42, 2.25, 1.5))
print("%i %u %o %X %#x %#o %#X %e %E %g %G" % (7, 8, 8, 255, 255, 8, 255, 12345.678, 0.000123, 1e-5, 1e20))
print("%c%c %s %s %s" % (72, "i", None, [1, 2], (3,)))
print("%s" % ((1, 2),), "%s" % [1, 2], "%r %a" % ("é", "é"))
print("%(name)s is %(age)d years, %(name)r" % {"name": "Ann", "age": 30})
print("%(x).3f|%(x)10.1f|%(x)-10.2e|" % {"x": 2.0 / 3})
print("%*d|%-*d|%.*f" % (5, 1, 4, 2, 2, 3.14159))
print("%.3s|%10.2s|%-6s|" % ("abcdef", "xyz", "ab"))
print("%d%%" % 50, "100%%" % (), "%s" % "only")
print("%.0f %.0f %.0f %.1f" % (0.5, 1.5, 2.5, 0.05), "%d" % 3.99, "%d" % True, "%s" % True)
print("%g %g %g %g" % (100000, 1000000, 1.5e-5, 123456789), "%.3g" % 0.0001234)
print("%x %o" % (-255, -8), "%5s|%-5s|" % ("ab", "cd"), "%f" % float("inf"), "%e" % float("nan"))
print("%s and %s" % ("a", "b"), "abc" % ())
print("%(a)s %(a)s" % {"a": 1, "b": 2})

for bad in [lambda: "%d %d" % (1,), lambda: "%d" % (1, 2), lambda: "%d" % "x", lambda: "%x" % 1.5,
            lambda: "%(k)s" % {"j": 1}, lambda: "%(k)s" % (1,), lambda: "%z" % 1, lambda: "%c" % "ab",
            lambda: "%s %s" % "ab", lambda: "%" % ()]:
    try:
        bad()
    except (TypeError, ValueError, KeyError) as e:
        print(type(e).__name__ + ":", e)
print("%.2f" % "3.5")
