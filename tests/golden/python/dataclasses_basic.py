from dataclasses import dataclass, field, asdict, fields, astuple
@dataclass
class Config:
    lr: float
    epochs: int = 10
    layers: list = field(default_factory=list)
    name: str = "mlp"
c = Config(0.1)
print(c, c == Config(0.1), c != Config(0.2), repr(c.layers))
c.layers.append(3); print(c, asdict(c), astuple(c), [f.name for f in fields(c)], Config.__hash__)
@dataclass(order=True)
class Item:
    priority: int
    label: str = field(default="x", compare=False)
print(sorted([Item(3), Item(1, "b")]), Item(1) < Item(2), Item(1, "a") == Item(1, "b"))
@dataclass
class Child(Config):
    dropout: float = 0.5
print(Child(0.01, dropout=0.1))
for bad in [lambda: Config(), lambda: Config(1, 2, [], "n", 5), lambda: Config(lr=1, foo=2)]:
    try: bad()
    except TypeError as e: print(e)
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e: print(e)
try:
    @dataclass
    class Bad2:
        a: list = []
except ValueError as e: print(e)
@dataclass
class P:
    x: int
    y: int = 0
    def norm(self): return self.x + self.y
    def __post_init__(self): self.total = self.x * 10
p = P(1, 2); print(p, p.norm(), p.total, vars(p))
@dataclass(frozen=True)
class F:
    a: int
f = F(1); print(f, hash(f) == hash(F(1)))
try: f.a = 2
except Exception as e: print(type(e).__name__, e)
from dataclasses import replace, is_dataclass, MISSING
import dataclasses


@dataclass
class Stats:
    count: int = 0
    history: list = field(default_factory=list, repr=False)
    total: float = field(default=0.0, init=False)

    def add(self, v):
        self.count += 1
        self.total += v
        self.history.append(v)


@dataclass
class Run:
    config: Config
    stats: Stats = field(default_factory=Stats)


s = Stats()
s.add(2.5)
s.add(1.0)
run = Run(Config(0.01, layers=[8, 8]), s)
print(s, s.history, run)
print(asdict(run))
print(replace(c, lr=0.5, name="cnn"), is_dataclass(run), is_dataclass(Run), is_dataclass(5), Stats.total)
print([(f.name, f.type, f.default is MISSING) for f in fields(Stats)], dataclasses.fields(Item)[1].compare)
try:
    Stats(1, [], 3.0)
except TypeError as e:
    print(e)
try:
    @dataclass(order=True, eq=False)
    class Bad3:
        a: int
except ValueError as e:
    print(e)
