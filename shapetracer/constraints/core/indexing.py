"""Subscripts of tensors and numpy arrays: ``x[0]``, ``x[:, 1:-1]``,
``x[None, ..., 0]``, ``np.eye(k)[labels]``, ``x[mask]``.

References: TensorFlow's StridedSlice shape function (tf.Tensor.__getitem__
lowers to it) and numpy's basic and advanced indexing.  Wording:

- TF: "slice index 3 of dimension 0 out of bounds." (a negative index is
  printed after adding the dim: x[-3] on [2,3] reads "slice index -1 of
  dimension 0"), "Index out of range using input dim 2; input has only 2
  dims", "Multiple ellipses in slice spec not allowed", "strides[0] must be
  non-zero";
- numpy: "index 3 is out of bounds for axis 0 with size 2", "too many indices
  for array: array is 2-dimensional, but 3 were indexed", "an index can only
  have a single ellipsis ('...')", "slice step cannot be zero", "boolean index
  did not match indexed array along axis 0; size of axis is 4 but size of
  corresponding boolean axis is 3".

Slices follow Python's clamping rules; with an unknown dim the length is a
symbolic expression (``x[1:]`` on ``[n]`` gives ``n - 1``).  A bare ``:``
keeps the dim itself, so batch dims survive.  Numpy advanced indexing is
modelled when there is one index array (int or bool) and no integer index
beside it; anything else gives an unknown result.  A bool tensor as the only
index of a tf tensor is tf.boolean_mask (``mask_tensor``, which tf/ops/gathering
registers under that name).

This family is in core, not in tf/ or numpy/: Python's subscript operator reaches
tensors and arrays alike, so it is loaded with every program, whatever it imports.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import z3

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import slice_length
from shapetracer.domain import analysis
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import (
    ELLIPSIS, UNKNOWN, Const, Seq, SliceVal, SymInt, Tensor, Value, is_unknown,
)
from shapetracer.constraints.core import messages

_INT_DTYPES = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}


@dataclass
class _Part:
    """One classified subscript entry."""

    kind: str  # "index" | "slice" | "newaxis" | "ellipsis" | "array" | "mask"
    value: object = None  # int or Dim for "index" (None: unknown), SliceVal, or the index Tensor


@op("operator.getitem")
def getitem(ctx: OpContext, a, b):
    if not isinstance(a, Tensor):
        return UNKNOWN  # lists, dicts and shapes are indexed by the interpreter
    x = a
    parts = _classify(ctx, x, b)
    if parts is None or x.shape.dims is None:
        return _unknown(ctx, x)
    if not x.is_numpy and any(p.kind in ("array", "mask") for p in parts):
        if len(parts) == 1 and parts[0].kind == "mask":
            return mask_tensor(ctx, x, parts[0].value)
        return _unknown(ctx, x)  # TF refuses non-scalar index tensors (a TypeError, not a shape error)
    if not _check_counts(ctx, x, parts):
        return _unknown(ctx, x)
    parts = _expand_ellipsis(parts, x.shape.rank)
    advanced = [p for p in parts if p.kind in ("array", "mask")]
    if advanced and (len(advanced) > 1 or any(p.kind == "index" for p in parts)):
        return _unknown(ctx, x)  # numpy's mixed advanced-index placement rules: not modelled
    result = _apply(ctx, x, parts)
    if x.stacked is not None and not ctx.failed:
        _fold_stack_slice(ctx, x, parts)
    return result


def mask_tensor(ctx: OpContext, tensor: Value, mask: Value, axis: Value | None = None) -> Tensor:
    """``tf.boolean_mask(tensor, mask, axis=axis)``, which a tf tensor's subscript by one bool
    tensor is too: the masked axes become one axis of unknown length."""
    x, keep = ctx.tensor(tensor), ctx.tensor(mask)
    start = 0 if ctx.is_none(axis) else ctx.int(axis)
    dtype = x.dtype if x is not None else None
    if keep is not None and keep.shape.rank == 0:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("mask cannot be scalar."), [keep])
        return ctx.unknown_tensor(dtype)
    if x is None or keep is None or x.shape.dims is None or keep.shape.dims is None or start is None:
        return ctx.unknown_tensor(dtype)
    count = keep.shape.rank
    # Python slicing, as TensorFlow does: a negative axis leaves an empty slice.
    covered = list(x.shape.dims)[start:start + count]
    message = ctx.msg("Shapes {shape_a:tuple} and {shape_b:tuple} are incompatible", shape_a=covered,
                      shape_b=keep.shape)
    if len(covered) != count:
        ctx.fail(codes.RANK_MISMATCH, message, [x, keep])
        return ctx.unknown_tensor(dtype)
    for have, want in zip(covered, keep.shape.dims):
        if have.known and want.known and have.value != want.value:
            ctx.fail(codes.SHAPE_REQUIREMENT, message, [x, keep])
            return ctx.unknown_tensor(dtype)
    for have, want in zip(covered, keep.shape.dims):
        if not ctx.require(have.eq(want), codes.SHAPE_REQUIREMENT, message, [x, keep]):
            return ctx.unknown_tensor(dtype)
    dims = list(x.shape.dims[:start]) + [ctx.fresh("selected", 0)] + list(x.shape.dims[start + count:])
    return ctx.result(Shape(dims), dtype, label="masked to")


def _fold_stack_slice(ctx: OpContext, x: Tensor, parts: list[_Part]) -> None:
    """``tf.stack(items, axis)[..., i, ...]`` reads only ``items[i]``.

    TensorFlow's graph optimizer rewrites such a slice (one constant index on
    the stack axis, every other axis taken whole) into ``items[i]`` itself, so
    the stack never runs unless a run fetches the slice directly (fetched
    nodes are kept as written).  Measured under tensorflow-cpu 2.21: a stack of
    a ``[None]`` placeholder fed 5 rows and a ``[4]`` tensor fails when
    ``s[0]`` is fetched and runs when ``s[0] + 1`` is.  The slice therefore
    carries ``items[i]``'s run-time checks and, only for a direct fetch, the
    stack's own.
    """
    axis, item_pending, own = x.stacked
    if len(parts) != len(x.shape.dims) or any(p.kind not in ("index", "slice") for p in parts):
        return
    chosen = parts[axis]
    others = parts[:axis] + parts[axis + 1:]
    if chosen.kind != "index" or not isinstance(chosen.value, int):
        return
    if not all(p.value is None or _is_full(p.value) for p in others):
        return
    index = chosen.value + len(item_pending) if chosen.value < 0 else chosen.value
    if not 0 <= index < len(item_pending):
        return
    ctx.pending_override = item_pending[index] + tuple(
        dataclasses.replace(d, fetch_only=True) for d in own)


def _is_full(piece: SliceVal) -> bool:
    return all(isinstance(v, Const) and v.value is None for v in (piece.start, piece.stop, piece.step))


def _unknown(ctx: OpContext, x: Tensor) -> Tensor:
    result = ctx.unknown_tensor(x.dtype)
    result.kind = "ndarray" if x.is_numpy else "tensor"
    return result


# --- classification -------------------------------------------------------------------

def _classify(ctx: OpContext, x: Tensor, key: Value) -> list[_Part] | None:
    entries = key.items if isinstance(key, Seq) and key.kind == "tuple" else [key]
    parts: list[_Part] = []
    for entry in entries:
        if isinstance(entry, Seq) and not x.is_numpy:
            return None  # TF refuses Python lists as indices (a TypeError)
        part = _classify_one(ctx, entry)
        if part is None:
            return None
        parts.append(part)
    return parts


def _classify_one(ctx: OpContext, entry: Value) -> _Part | None:
    if is_unknown(entry):
        return None
    if entry is ELLIPSIS or (isinstance(entry, Const) and entry.value is Ellipsis):
        return _Part("ellipsis")
    if isinstance(entry, Const) and entry.value is None:
        return _Part("newaxis")
    if isinstance(entry, SliceVal):
        return _Part("slice", entry)
    if isinstance(entry, Const) and isinstance(entry.value, bool):
        return None
    known = ctx.int(entry)
    if known is not None:
        return _Part("index", known)
    if isinstance(entry, SymInt):
        return _Part("index", entry.dim)
    if isinstance(entry, Seq) and entry.kind == "list":
        if entry.items and all(isinstance(i, Const) and isinstance(i.value, bool) for i in entry.items):
            return _Part("mask", ctx.result([len(entry.items)], "bool"))
        entry = ctx.tensor(entry)
    if isinstance(entry, Tensor):
        if entry.shape.rank is None:
            return None
        if entry.shape.rank == 0:
            return _Part("index", None) if entry.dtype in _INT_DTYPES | {None} else None
        if entry.dtype == "bool":
            return _Part("mask", entry)
        if entry.dtype in _INT_DTYPES:
            return _Part("array", entry)
    return None


def _check_counts(ctx: OpContext, x: Tensor, parts: list[_Part]) -> bool:
    """At most one ellipsis, and no more axes consumed than the input has."""
    rank = x.shape.rank
    if sum(p.kind == "ellipsis" for p in parts) > 1:
        message = (Message("an index can only have a single ellipsis ('...')") if x.is_numpy
                   else ctx.msg("Multiple ellipses in slice spec not allowed"))
        ctx.fail(codes.INDEX_RANGE, message, [x])
        return False
    consumed = sum(_width(p) for p in parts)
    if consumed is None or consumed <= rank:
        return True
    if x.is_numpy:
        message = Message("too many indices for array: array is {rank}-dimensional, but {count} were indexed",
                          rank=rank, count=consumed)
    else:
        message = ctx.msg("Index out of range using input dim {rank}; input has only {rank} dims", rank=rank)
    ctx.fail(codes.INDEX_RANGE, message, [x])
    return False


def _width(part: _Part) -> int:
    """How many input axes an entry consumes."""
    if part.kind in ("index", "slice", "array"):
        return 1
    if part.kind == "mask":
        return part.value.shape.rank or 0
    return 0


def _expand_ellipsis(parts: list[_Part], rank: int) -> list[_Part]:
    """Replace ``...`` (or the implicit one at the end) by full slices."""
    missing = rank - sum(_width(p) for p in parts)
    full = [_Part("slice", None)] * max(missing, 0)
    for i, part in enumerate(parts):
        if part.kind == "ellipsis":
            return parts[:i] + full + parts[i + 1:]
    return parts + full


# --- application ----------------------------------------------------------------------

def _apply(ctx: OpContext, x: Tensor, parts: list[_Part]) -> Tensor:
    dims = x.shape.dims
    out: list[Dim] = []
    axis = 0
    for position, part in enumerate(parts):
        if part.kind == "newaxis":
            out.append(Dim(1, frozenset({ctx.site})))
            continue
        if part.kind == "index":
            if not _check_index(ctx, x, axis, part.value):
                return _unknown(ctx, x)
            axis += 1
            continue
        if part.kind == "slice":
            length = _slice_length(ctx, x, dims[axis], part.value, position)
            if length is None:
                return _unknown(ctx, x)
            out.append(length)
            axis += 1
            continue
        if part.kind == "array":
            if not _check_array(ctx, x, axis, part.value):
                return _unknown(ctx, x)
            out.extend(part.value.shape.dims)
            axis += 1
            continue
        width = _width(part)
        if not _check_mask(ctx, x, axis, part.value):
            return _unknown(ctx, x)
        out.append(ctx.fresh("selected", 0))
        axis += width
    kind = "ndarray" if x.is_numpy else "tensor"
    return ctx.result(Shape(out), x.dtype, label="indexed to", kind=kind, elements=_elements(ctx, x, parts))


def _check_index(ctx: OpContext, x: Tensor, axis: int, index: int | Dim | None) -> bool:
    if not isinstance(index, int):
        return True  # a symbolic or unknown index: its sign is unknown
    dim = x.shape.dims[axis]
    shown = index + dim.value if index < 0 and dim.known else index
    if x.is_numpy:
        message = messages.np_index_out_of_bounds(index, axis, dim)
    else:
        message = ctx.msg("slice index {index} of dimension {axis} out of bounds.", index=shown, axis=axis)
    cond = dim.gt(index) if index >= 0 else dim.ge(-index)
    return ctx.require(cond, codes.INDEX_RANGE, message, [x])


def _check_array(ctx: OpContext, x: Tensor, axis: int, index: Tensor) -> bool:
    """Known entries of an integer index array must lie inside the axis."""
    dim = x.shape.dims[axis]
    for element in index.elements or ():
        value = ctx.int(element)
        if value is not None and dim.known and not -dim.value <= value < dim.value:
            ctx.fail(codes.INDEX_RANGE, messages.np_index_out_of_bounds(value, axis, dim), [x])
            return False
    return True


def _check_mask(ctx: OpContext, x: Tensor, axis: int, mask: Tensor) -> bool:
    for offset, want in enumerate(mask.shape.dims):
        have = x.shape.dims[axis + offset]
        message = Message("boolean index did not match indexed array along axis {axis}; size of axis is {size} but "
                          "size of corresponding boolean axis is {mask_size}", axis=axis + offset, size=have,
                          mask_size=want)
        if not ctx.require(have.eq(want), codes.SHAPE_REQUIREMENT, message, [x, mask]):
            return False
    return True


# --- slices -----------------------------------------------------------------------------

def _slice_length(ctx: OpContext, x: Tensor, dim: Dim, piece: SliceVal | None, position: int) -> Dim | None:
    """Python's slice length on one axis; None after a failure."""
    if piece is None:
        return dim
    step = _bound(ctx, piece.step)
    if step is _UNREADABLE or isinstance(step, Dim):
        return ctx.fresh("sliced", 0)
    step = 1 if step is None else step
    if step == 0:
        message = Message("slice step cannot be zero") if x.is_numpy else \
            ctx.msg("strides[{index}] must be non-zero", index=position)
        ctx.fail(codes.INDEX_RANGE, message, [x])
        return None
    start, stop = _bound(ctx, piece.start), _bound(ctx, piece.stop)
    if start is _UNREADABLE or stop is _UNREADABLE:
        return ctx.fresh("sliced", 0)
    if start is None and stop is None and step == 1:
        return dim
    if dim.known and dim.value >= 0 and not isinstance(start, Dim) and not isinstance(stop, Dim):
        return Dim(slice_length(dim.value, start, stop, step), frozenset({ctx.site}))
    if dim.known and dim.value < 0:
        return ctx.fresh("sliced", 0)  # a negative length came from a failed op upstream
    # symbolic bounds (image[top:top + 56] with a random top), or a symbolic dim
    return _symbolic_length(dim, start, stop, step).with_origins({ctx.site})


_UNREADABLE = object()


def _bound(ctx: OpContext, value: Value):
    """None for an absent bound, an int, a Dim for a symbolic int, else _UNREADABLE."""
    if isinstance(value, Const) and value.value is None:
        return None
    known = ctx.int(value)
    if known is not None:
        return known
    if isinstance(value, SymInt):
        return value.dim
    return _UNREADABLE


@dataclass
class _SliceTerms:
    """The slice lengths one analysis built (a holder of ``analysis.Analysis``): the bounds'
    term ids (or ints), step -> (the terms, kept so that their ids stay theirs; the length).
    Z3 shares equal terms, so the same slice of the same dim builds the same length; building
    it through Z3's Python layer cost more than the rest of the subscript (a summarised loop
    runs its body twice, a helper runs at every call)."""

    lengths: dict[tuple, tuple[tuple, z3.ArithRef]] = dataclasses.field(default_factory=dict)


def _symbolic_length(dim: Dim, start: int | Dim | None, stop: int | Dim | None, step: int) -> Dim:
    """``len(range(*slice(start, stop, step).indices(dim)))`` as a Z3 term."""
    n = _term(dim)
    origins = dim.origins | _origins(start) | _origins(stop)
    bounds = (n, _term(start) if isinstance(start, Dim) else start, _term(stop) if isinstance(stop, Dim) else stop)
    key = (*(b if b is None or type(b) is int else (type(b).__name__, b.get_id()) for b in bounds), step)
    made = analysis.current().holder(_SliceTerms).lengths
    found = made.get(key)
    if found is None:
        found = made[key] = (bounds, _length_term(n, start, stop, step))
    return Dim(found[1], origins)


def _length_term(n, start: int | Dim | None, stop: int | Dim | None, step: int):
    if step > 0:
        lo = _clamp(n, start, z3.IntVal(0), z3.IntVal(0), n)
        hi = _clamp(n, stop, n, z3.IntVal(0), n)
        span = hi - lo
    else:
        lo = _clamp(n, start, n - 1, z3.IntVal(-1), n - 1)
        hi = _clamp(n, stop, z3.IntVal(-1), z3.IntVal(-1), n - 1)
        span = lo - hi
    stride = abs(step)
    return z3.If(span > 0, (span + stride - 1) / stride, 0)


def _clamp(n, bound, default, low, high):
    """Python's normalisation of one slice bound against length ``n``."""
    if bound is None:
        return default
    value = _term(bound) if isinstance(bound, Dim) else z3.IntVal(bound)
    shifted = z3.If(value < 0, value + n, value)
    return z3.If(shifted < low, low, z3.If(shifted > high, high, shifted))


def _term(dim: Dim):
    return z3.IntVal(dim.value) if dim.known else dim.value


def _origins(bound) -> frozenset:
    return bound.origins if isinstance(bound, Dim) else frozenset()


# --- known elements -----------------------------------------------------------------------

def _elements(ctx: OpContext, x: Tensor, parts: list[_Part]) -> tuple[Value, ...] | None:
    """tf.shape(x)[0] and tf.shape(x)[1:-1] keep the dims they select."""
    if x.elements is None or x.shape.rank != 1 or len(parts) != 1:
        return None
    part = parts[0]
    if part.kind == "index" and isinstance(part.value, int):
        try:
            return (x.elements[part.value],)
        except IndexError:
            return None
    if part.kind == "slice":
        if part.value is None:
            return x.elements
        bounds = [_bound(ctx, v) for v in (part.value.start, part.value.stop, part.value.step)]
        if all(b is None or isinstance(b, int) for b in bounds) and bounds[2] != 0:
            return tuple(x.elements[slice(*bounds)])
    return None


EXAMPLES = [
    ok("operator.getitem", T(None, 10), 0, expect=[10]),
    ok("operator.getitem", T(2, 3), (SliceVal(Const(None), Const(None), Const(None)), -1), expect=[2]),
    ok("operator.getitem", T(None, 10), SliceVal(Const(1), Const(None), Const(None)), expect=[None, 10]),
    ok("operator.getitem", T(2, 3), SliceVal(Const(1), Const(10), Const(None)), expect=[1, 3]),
    ok("operator.getitem", T(2, 3), SliceVal(Const(None), Const(None), Const(-1)), expect=[2, 3]),
    ok("operator.getitem", T(2, 3), (Const(None), ELLIPSIS, 1), expect=[1, 2]),
    ok("operator.getitem", T(4, 5, 6), (ELLIPSIS, 0), expect=[4, 5]),
    ok("operator.getitem", T(2, 3), T(2, dtype="bool"), expect=[None, 3]),
    ok("operator.getitem", A(10, 10), A(4, 5, dtype="int64"), expect=[4, 5, 10]),
    ok("operator.getitem", A(4, 5), A(4, dtype="bool"), expect=[None, 5]),
    ok("operator.getitem", A(4, 5, 6), (SliceVal(Const(None), Const(None), Const(None)), A(2, 3, dtype="int64")),
       expect=[4, 2, 3, 6]),
    ok("operator.getitem", A(2, 3), [0, 1, 1], expect=[3, 3]),
    bad("operator.getitem", T(2, 3), 3, code=codes.INDEX_RANGE, message="slice index 3 of dimension 0 out of bounds"),
    bad("operator.getitem", T(2, 3), (SliceVal(Const(None), Const(None), Const(None)), 3), code=codes.INDEX_RANGE,
        message="slice index 3 of dimension 1 out of bounds"),
    bad("operator.getitem", T(2, 3), -3, code=codes.INDEX_RANGE, message="slice index -1 of dimension 0 out of bounds"),
    bad("operator.getitem", T(None, 10), (SliceVal(Const(None), Const(None), Const(None)), 10), code=codes.INDEX_RANGE,
        message="slice index 10 of dimension 1 out of bounds"),
    bad("operator.getitem", T(2, 3), (0, 0, 0), code=codes.INDEX_RANGE, message="Index out of range using input dim 2"),
    bad("operator.getitem", T(2, 3, 4), (ELLIPSIS, 0, ELLIPSIS), code=codes.INDEX_RANGE,
        message="Multiple ellipses in slice spec not allowed"),
    bad("operator.getitem", T(2, 3), SliceVal(Const(None), Const(None), Const(0)), code=codes.INDEX_RANGE,
        message="strides[0] must be non-zero"),
    bad("operator.getitem", A(2, 3), 2, code=codes.INDEX_RANGE,
        message="index 2 is out of bounds for axis 0 with size 2"),
    bad("operator.getitem", A(4, 5), A(3, dtype="bool"), code=codes.SHAPE_REQUIREMENT,
        message="boolean index did not match indexed array along axis 0"),
    bad("operator.getitem", T(2, 3), T(3, dtype="bool"), code=codes.SHAPE_REQUIREMENT,
        message="Shapes (2,) and (3,) are incompatible"),
]
