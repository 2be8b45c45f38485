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


def coalesce(states: list[State]) -> list[State]:
    """Live paths that agree on every name both bind, and share their facts, become one
    path holding the names of each (free, unlike ``merge_states``: nothing becomes unknown).

    Paths split at every undecided ``if`` (``if not os.path.exists(d): os.makedirs(d)``)
    and, without this, each runs the rest of the frame on its own, up to ``max_paths``
    times the work.  A name bound on one path only keeps that path's value: a read of it
    on the other path raises ``NameError`` in Python, so every path that goes on past the
    read had the value.  Order is kept: a group stands where its first path stood."""
    live = [s for s in states if s.flow is None]
    if len(live) < 2:
        return states
    heads: list[State] = []
    absorbed: set[int] = set()
    for state in live:
        for head in heads:
            if _agree(head, state):
                for name, value in state.env.items():
                    head.env.setdefault(name, value)
                absorbed.add(id(state))
                break
        else:
            heads.append(state)
    if not absorbed:
        return states
    return [s for s in states if id(s) not in absorbed]


def _agree(a: State, b: State) -> bool:
    if a.facts is not b.facts:
        fa, fb = a.facts.facts, b.facts.facts
        if len(fa) != len(fb) or any(x is not y for x, y in zip(fa, fb)):
            return False
    small, large = (a.env, b.env) if len(a.env) <= len(b.env) else (b.env, a.env)
    for name, value in small.items():
        other = large.get(name)
        if other is None or other is value:
            continue
        if not (isinstance(value, Const) and isinstance(other, Const) and type(value.value) is type(other.value)
                and value.value == other.value):
            return False
    return True


def merge_all(values: list[Value]) -> Value:
    """The join of many values at once (the elements of a list a loop walks, the values a
    generator yields).  Ints and tensors are joined in one step, so a list of 100,000 ints
    mints one fresh dim, not one per element as a pairwise fold would; the result is the
    fold's, up to the names of fresh symbols."""
    first = values[0]
    if type(first) is Const and type(first.value) is int \
            and all(type(v) is Const and type(v.value) is int for v in values):
        # the items of a range(): one pass, no per-item calls (what _join_ints gives)
        return first if all(v.value == first.value for v in values) else SymInt(Dim.fresh("int", lower=None))
    rest = [v for v in values[1:] if v is not first]
    if not rest:
        return first
    if all(int_like(v) for v in values):
        return _join_ints(values)
    if all(isinstance(v, Tensor) for v in values):
        return _join_tensors(values)
    result = first
    for value in rest:
        result = merge_values(result, value)
    return result


def _join_ints(values: list[Value]) -> Value:
    first = values[0]
    if all(isinstance(v, Const) for v in values):  # no dims to build: constants carry no origins
        same = all(v.value == first.value for v in values)
        return first if same else SymInt(Dim.fresh("int", lower=None))
    dims = [int_dim(v) for v in values]
    if all(d.same_as(dims[0]) for d in dims):
        return values[0]
    origins = frozenset().union(*(d.origins for d in dims))
    return SymInt(Dim.fresh("int", lower=None, origins=origins))


def _join_tensors(tensors: list[Tensor]) -> Tensor:
    first = tensors[0]
    kinds = {t.kind for t in tensors}
    kind = first.kind if len(kinds) == 1 else ("ndarray" if all(t.is_numpy for t in tensors) else "tensor")
    dtype = first.dtype if all(t.dtype == first.dtype for t in tensors) else None
    name = first.name if all(t.name == first.name for t in tensors) else None
    if any(t.shape.dims is None or t.shape.rank != first.shape.rank for t in tensors):
        return Tensor(Shape.unknown(), dtype, kind, first.origin, name)
    dims = []
    for axis, x in enumerate(first.shape.dims):
        column = [t.shape.dims[axis] for t in tensors]
        origins = frozenset().union(*(d.origins for d in column))
        if all(d.same_as(x) for d in column):
            dims.append(x if x.origins >= origins else x.with_origins(origins))
        else:
            dims.append(Dim.fresh("d", origins=origins))
    return Tensor(Shape(dims), dtype, kind, first.origin, name)


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


