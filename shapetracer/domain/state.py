"""Analysis paths: forking at unknown branches, merging when paths are too many.

A ``State`` is one path through the current frame: its local variables, the
shape facts established so far, and how control leaves the current block.
Merging two states keeps what both agree on and makes the rest unknown —
the join of the abstract domain.  Facts are kept only where the paths share
them (their common prefix), so a merged state never assumes a fact that one
of its paths did not establish.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapetracer.domain.dims import Dim, Shape
from shapetracer.domain.facts import PathFacts
from shapetracer.domain.values import (
    UNKNOWN, Const, Seq, SymInt, Tensor, Value, int_dim, int_like,
)


class StopPath(Exception):
    """The current path raises here (a definite shape error, or every path of a
    called function raised): like a real run, nothing after it executes."""


@dataclass
class State:
    env: dict[str, Value]
    facts: PathFacts = field(default_factory=PathFacts)
    flow: str | None = None  # None | "return" | "break" | "continue" | "raise"
    returned: Value | None = None

    def fork(self) -> "State":
        return State(dict(self.env), self.facts, self.flow, self.returned)

    @property
    def live(self) -> bool:
        return self.flow is None


def merge_states(states: list[State]) -> State:
    """Join several paths of the same frame into one."""
    first = states[0]
    if len(states) == 1:
        return first
    env: dict[str, Value] = {}
    for name in set().union(*(s.env.keys() for s in states)):
        values = [s.env.get(name) for s in states]
        env[name] = UNKNOWN if any(v is None for v in values) else merge_all(values)
    facts = first.facts
    for other in states[1:]:
        facts = facts.common_prefix(other.facts)
    flows = {s.flow for s in states}
    flow = flows.pop() if len(flows) == 1 else None
    returned = None
    if flow == "return":
        returned = merge_all([s.returned or UNKNOWN for s in states])
    return State(env, facts, flow, returned)


def merge_all(values: list[Value]) -> Value:
    result = values[0]
    for value in values[1:]:
        result = merge_values(result, value)
    return result


def merge_values(a: Value, b: Value) -> Value:
    """The least abstract value covering both ``a`` and ``b``."""
    if a is b:
        return a
    if isinstance(a, Const) and isinstance(b, Const):
        if type(a.value) is type(b.value) and a.value == b.value:
            return a
        if int_like(a) and int_like(b):
            return SymInt(Dim.fresh("int", lower=None))
        return UNKNOWN
    if int_like(a) and int_like(b):
        da, db = int_dim(a), int_dim(b)
        if da.same_as(db):
            return a
        return SymInt(Dim.fresh("int", lower=None, origins=da.origins | db.origins))
    if isinstance(a, Tensor) and isinstance(b, Tensor):
        return _merge_tensors(a, b)
    if isinstance(a, Seq) and isinstance(b, Seq) and a.kind == b.kind and len(a.items) == len(b.items) \
            and a.sized and b.sized:
        return Seq([merge_values(x, y) for x, y in zip(a.items, b.items)], a.kind)
    return UNKNOWN


def _merge_tensors(a: Tensor, b: Tensor) -> Tensor:
    kind = a.kind if a.kind == b.kind else ("ndarray" if a.is_numpy and b.is_numpy else "tensor")
    dtype = a.dtype if a.dtype == b.dtype else None
    if a.shape.dims is None or b.shape.dims is None or a.shape.rank != b.shape.rank:
        return Tensor(Shape.unknown(), dtype, kind, a.origin, a.name if a.name == b.name else None)
    dims = []
    for x, y in zip(a.shape.dims, b.shape.dims):
        if x.same_as(y):
            dims.append(x if x.origins >= y.origins else x.with_origins(y.origins))
        else:
            dims.append(Dim.fresh("d", origins=x.origins | y.origins))
    return Tensor(Shape(dims), dtype, kind, a.origin, a.name if a.name == b.name else None)


