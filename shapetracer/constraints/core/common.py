"""Helpers shared by the array-manipulation families (not a family itself).

- ``dtype_name``: a dtype argument (``tf.float32``, ``np.int64``, ``"float32"``,
  ``float``) as the short name tensors carry.
- ``normalize_axis``: Python-style negative axes, with the range check left to
  the caller because every op words its range error differently.
- ``slice_length``: Python's slice length, safe for huge dims.
- ``MAX_PIECES``: the most separate results (unstack, split) an op is modelled with.
- ``merge_shapes``: TensorFlow's ``InferenceContext::Merge``, the rule behind
  set_shape, ensure_shape, placeholder_with_default, Variable(shape=...) and
  assign.  Its wording: "Shapes must be equal rank, but are 2 and 3" and
  "Dimension 0 in both shapes must be equal, but are 480 and 478. Shapes are
  [480,720,3] and [478,717,3]."
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.values import ApiRef, Const, DictVal, Seq, Value
from shapetracer.constraints.core import messages
from shapetracer.rules import codes

# An op that gives more separate tensors than this (unstack, split) is left unknown: no
# program unstacks ten thousand tensors, and listing 2**40 of them would exhaust memory.
MAX_PIECES = 10_000

def slice_length(length: int, start: int | None, stop: int | None, step: int | None) -> int:
    """``len(range(length)[start:stop:step])`` by arithmetic: ``len()`` of a range longer
    than a C ssize_t (a 2**63 dim) raises OverflowError."""
    first, last, stride = slice(start, stop, step).indices(length)
    if stride > 0:
        return max(0, (last - first + stride - 1) // stride)
    return max(0, (first - last - stride - 1) // -stride)


DTYPE_NAMES = {
    "float16", "bfloat16", "float32", "float64", "half", "double", "int8", "int16", "int32", "int64",
    "uint8", "uint16", "uint32", "uint64", "bool", "complex64", "complex128", "string", "bool_",
}
_ALIASES = {"half": "float16", "double": "float64", "bool_": "bool", "float": "float32", "int": "int32"}


def dtype_name(value: Any, default: str | None = None) -> str | None:
    """The short dtype name of a dtype argument; ``default`` when absent or unreadable."""
    if isinstance(value, ApiRef):
        short = value.qualname.rsplit(".", 1)[-1]
        if short in DTYPE_NAMES or short in _ALIASES:
            return _ALIASES.get(short, short)
        return default
    if isinstance(value, Const) and isinstance(value.value, str):
        return _ALIASES.get(value.value, value.value) if value.value in DTYPE_NAMES | set(_ALIASES) else default
    return default


def normalize_axis(axis: int, rank: int, extra: int = 0) -> int | None:
    """``axis`` in ``[-(rank + extra), rank + extra)`` made non-negative, else None.

    ``extra`` is 1 for ops that insert an axis (expand_dims, stack).
    """
    bound = rank + extra
    if -bound <= axis < bound:
        return axis + bound if axis < 0 else axis
    return None


def merge_shapes(ctx: OpContext, code: str, first: Shape, second: Shape, involved: Iterable[Any] = (),
                 runtime_checked: bool = True) -> Shape | None:
    """Merge two static shapes the way TensorFlow does; None after a definite failure.

    Known dims that differ always fail.  Where a dim is symbolic, the result
    takes the known value; when the op also checks at run time
    (``runtime_checked``: ensure_shape, assign, concat) the equality becomes a
    requirement, so facts that contradict it are reported.  Static-only merges
    (set_shape) never fail on a symbolic dim: TensorFlow does not know it.
    """
    involved = list(involved)
    if first.dims is None:
        return second
    if second.dims is None:
        return first
    if len(first.dims) != len(second.dims):
        ctx.fail(code, ctx.msg(messages.shapes_must_be_equal_rank(first.rank, second.rank)), involved)
        return None
    merged: list[Dim] = []
    for index, (a, b) in enumerate(zip(first.dims, second.dims)):  # (messages made only when needed)
        if a.known and b.known:
            if a.value != b.value:
                ctx.fail(code, ctx.msg(messages.dimension_in_both_shapes(index, a, b, first, second)),
                         involved + [a, b])
                return None
            merged.append(a)
            continue
        if runtime_checked and not ctx.require(a.eq(b), code,
                                               ctx.msg(messages.dimension_in_both_shapes(index, a, b, first, second)),
                                               involved + [a, b]):
            return None
        merged.append(a if a.known or not b.known else b)
    return Shape(merged)


def fresh_dims(ctx: OpContext, dims: Iterable[Dim | None], hint: str = "d", lower: int = 1) -> list[Dim]:
    """Replace the unknown entries of a shape argument by fresh dims."""
    return [d if d is not None else ctx.fresh(hint, lower) for d in dims]


def require_scalar(ctx: OpContext, value: Any) -> bool:
    """One string where TensorFlow wants a scalar (a file name, an encoded image): False
    after the rank report."""
    x = ctx.tensor(value)
    if x is not None and x.shape.rank not in (None, 0):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(0, x.shape.rank),
                                              " (input shapes: {shape:tf})", shape=x.shape), [x])
        return False
    return True


def map_nested(value: Value, leaf: Callable[[Value], Value | None], lists: bool = True) -> Value | None:
    """A nested structure of tuples (lists too, with ``lists``) and dicts with ``leaf``
    applied to every other value, as ``tf.nest`` maps a dataset's element; None when a leaf
    gives None.  Sequences come back as tuples, as tf.data makes every structure's."""
    if isinstance(value, Seq) and (lists or value.kind == "tuple"):
        items = [map_nested(item, leaf, lists) for item in value.items]
        return None if any(item is None for item in items) else Seq(items, "tuple")
    if isinstance(value, DictVal):
        entries = [(key, map_nested(item, leaf, lists)) for key, item in value.entries]
        return None if any(item is None for _, item in entries) else DictVal(entries)
    return leaf(value)
