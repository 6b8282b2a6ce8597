# yield in the type of an except clause: the exception waits while the generator is suspended.
def catcher():
    for exc in [KeyError("k"), ValueError("v"), IndexError("i")]:
        try:
            raise exc
        except (yield "which first?") as e:
            print("first caught", repr(e))
        except (yield "which second?"):
            print("second caught")
        except Exception:
            print("fallback", type(exc).__name__)
        finally:
            print("finally", type(exc).__name__)


g = catcher()
print(next(g))
print(g.send(KeyError))
print(g.send(TypeError))
print(g.send(ValueError))
print(g.send(TypeError))
try:
    g.send(TypeError)
except StopIteration:
    print("done")
g = catcher()
next(g)
g.close()
print("closed")
g = catcher()
next(g)
g.send(5)
