# `from __future__ import annotations` (PEP 563): annotations are kept as their source text and not
# evaluated, so they may name classes defined later or names never defined.
from __future__ import annotations

import __future__
from dataclasses import dataclass, field


class Node:
    def __init__(self, value: int, children: list[Node] | None = None) -> None:
        self.value = value
        self.children = children or []

    def add(self, child: Node) -> Node:
        self.children.append(child)
        return self


def train(model: nn.Module, loader: DataLoader, epochs: int = 3) -> dict[str, float]:
    return {"epochs": epochs}


learning_rate: float = 0.1
print(Node.__init__.__annotations__)
print(Node.add.__annotations__, train.__annotations__)
print(__annotations__, train(None, None))


@dataclass
class Config:
    hidden: int = 64
    layers: list[int] = field(default_factory=list)
    parent: Config | None = None


print(Config(), Config.__annotations__)
print(__future__.annotations, __future__.division, "annotations" in __future__.all_feature_names)
