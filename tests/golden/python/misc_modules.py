# string constants, time, os.path's pure path functions, and the import forms for each.
import string
import string as s
from string import ascii_lowercase, digits as DIGITS
import os
import os.path
import os.path as osp
from os import path
from os.path import join, splitext
import time
from time import perf_counter, sleep
import math as m, random as r, itertools as it, functools as ft

print(string.ascii_letters, string.ascii_uppercase, ascii_lowercase, DIGITS, s.hexdigits, s.octdigits)
print(string.punctuation, repr(string.whitespace), len(string.printable))
print([c for c in "a1!B" if c in string.ascii_letters])
print(os.path.join("data", "train", "x.png"), join("/abs", "b"), join("a/", "b"), join("a", "/b", "c"), join("a", ""))
print(os.path.basename("/a/b/c.txt"), path.dirname("/a/b/c.txt"), osp.dirname("c.txt"), osp.dirname("/x"), osp.basename("dir/"))
print(splitext("model.tar.gz"), splitext(".bashrc"), splitext("a/b.c/d"), splitext("x."), osp.split("a/b//c"), osp.split("/"))
print(osp.isabs("/a"), osp.isabs("a"), osp.normpath("a//b/./c/../d/"), osp.normpath("/../x"), osp.normpath(""), os.sep)
print(type(os.path).__name__, os.path is osp, path is osp)
t0 = time.time()
p0 = perf_counter()
sleep(0.01)
time.sleep(0)
elapsed = perf_counter() - p0
print(elapsed >= 0.01, time.time() >= t0, type(t0).__name__, elapsed < 5)
print(m.pi, r.random() < 1, list(it.repeat(1, 2)), ft.reduce(lambda a, b: a * b, [2, 3]))
try:
    join("a", 3)
except TypeError as e:
    print("TypeError:", e)
from string import nothing
