"""Shape queries and shape-preserving conversions: tf.shape, tf.size,
tf.rank, tf.cast and tf.to_*, tf.identity, tf.stop_gradient,
tf.convert_to_tensor.

Reference: TensorFlow's Shape, Size, Rank, Cast and Identity shape functions.
Only a ragged list literal fails (tf.convert_to_tensor goes through numpy:
"setting an array element with a sequence. The requested array has an
inhomogeneous shape after 1 dimensions. ...").

tf.shape(x) is a rank-1 int32 tensor whose ``elements`` are the dims of x
(``Const`` when known, ``SymInt`` when not), so ``tf.shape(x)[0]`` and
``tf.reshape(y, tf.shape(x))`` keep the exact dims.  Conversions between
integer types keep known elements, so a cast shape vector is still a shape.
"""

from __future__ import annotations

import dataclasses

from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name
from shapetracer.domain.dims import Shape
from shapetracer.constraints.tf.ops.creation import report_ragged
from shapetracer.constraints.core.examples import A, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.spec import OpContext, op, pending_of
from shapetracer.domain.values import Const, Tensor, dim_int

_INTEGER_DTYPES = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}


# --- shape queries ----------------------------------------------------------------------

@op("tf.shape")
def shape(ctx: OpContext, input, out_type=None, name=None):
    """A rank-1 int tensor whose elements are the dims of ``input`` (SymInt for
    unknown dims), so indexing it or feeding it back as a shape keeps them."""
    source = ctx.tensor(input)
    out_dtype = dtype_name(out_type, "int32")
    if source is None or source.shape.dims is None:
        return ctx.result(Shape([ctx.fresh("rank", 0)]), out_dtype, label="shape of rank")
    elements = tuple(dim_int(d) for d in source.shape.dims)
    return ctx.result([len(elements)], out_dtype, label="shape vector of length", elements=elements)


@op("tf.size")
def size(ctx: OpContext, input, name=None, out_type=None):
    source = ctx.tensor(input)
    out_dtype = dtype_name(out_type, "int32")
    total = source.shape.num_elements() if source is not None else None
    if total is None:
        return ctx.result([], out_dtype)
    element = dim_int(total)
    return ctx.result([], out_dtype, elements=(element,))


@op("tf.rank")
def rank(ctx: OpContext, input, name=None):
    source = ctx.tensor(input)
    if source is None or source.shape.rank is None:
        return ctx.result([], "int32")
    return ctx.result([], "int32", elements=(Const(source.shape.rank),))


# --- shape-preserving conversions --------------------------------------------------------

@op("tf.cast", "tf.dtypes.cast", "tf.saturate_cast")
def cast(ctx: OpContext, x, dtype, name=None):
    return _convert(ctx, x, dtype_name(dtype))


@op("tf.to_float", "tf.to_double", "tf.to_int32", "tf.to_int64")
def to_dtype(ctx: OpContext, x, name=None):
    target = {"to_float": "float32", "to_double": "float64", "to_int32": "int32", "to_int64": "int64"}
    return _convert(ctx, x, target.get(ctx.display))


@op("tf.identity", "tf.stop_gradient")
def identity(ctx: OpContext, input, name=None):
    if ctx.api.endswith("stop_gradient"):
        # gradients do not flow back through it: checks made while building them stay behind,
        # and a train op need not evaluate what lies behind it
        ctx.pending_override = tuple(dataclasses.replace(d, no_gradient=True)
                                     for d in pending_of([input]) if not d.at_gradient)
    return _convert(ctx, input, None)


@op("tf.convert_to_tensor")
def convert_to_tensor(ctx: OpContext, value, dtype=None, name=None, preferred_dtype=None, dtype_hint=None):
    if report_ragged(ctx, value):
        return ctx.unknown_tensor(dtype_name(dtype))
    return _convert(ctx, value, dtype_name(dtype))


def _convert(ctx: OpContext, value, dtype: str | None) -> Tensor:
    """Same shape, possibly new dtype; a tensor again even from a list or array.

    Known elements survive a conversion between integer types (tf.cast of a
    shape vector stays usable as a shape)."""
    source = ctx.tensor(value)
    if source is None:
        return ctx.unknown_tensor(dtype)
    out_dtype = dtype or source.dtype
    keep = source.elements if out_dtype in _INTEGER_DTYPES | {None, "bool"} else None
    if source.origin is None:
        return ctx.result(source.shape, out_dtype, label="converted to", elements=keep)
    return Tensor(source.shape, out_dtype, "tensor", source.origin, None, keep)


EXAMPLES = [
    ok("tf.shape", T(None, 10), expect=[2]),
    ok("tf.shape", T(rank_unknown=True), expect=[None]),
    ok("tf.shape", T(2, 3, 4), expect=[3]),
    ok("tf.shape", A(5), out_type="int64", expect=[1]),
    ok("tf.size", T(None, 10), expect=[]),
    ok("tf.size", T(rank_unknown=True), expect=[]),
    ok("tf.size", A(3, 4), expect=[]),
    ok("tf.rank", T(2, 3), expect=[]),
    ok("tf.rank", T(rank_unknown=True), expect=[]),
    ok("tf.rank", [[1, 2]], expect=[]),
    ok("tf.cast", T(None, 10), "int32", expect=[None, 10]),
    ok("tf.cast", A(3, 4), "float32", expect=[3, 4]),
    ok("tf.cast", T(rank_unknown=True), "int64", expect=UNKNOWN_SHAPE),
    ok("tf.saturate_cast", T(2), "uint8", expect=[2]),
    ok("tf.to_float", T(4, dtype="int32"), expect=[4]),
    ok("tf.to_int32", T(None, 3), expect=[None, 3]),
    ok("tf.to_double", 1.0, expect=[]),
    ok("tf.to_int64", [1, 2], expect=[2]),
    ok("tf.identity", T(2, 3), expect=[2, 3]),
    ok("tf.stop_gradient", T(None), expect=[None]),
    ok("tf.identity", A(3), expect=[3]),
    ok("tf.identity", [1, 2], expect=[2]),
    ok("tf.convert_to_tensor", [[1, 2], [3, 4]], expect=[2, 2]),
    ok("tf.convert_to_tensor", A(3, 4), expect=[3, 4]),
    ok("tf.convert_to_tensor", 5, expect=[]),
    ok("tf.convert_to_tensor", T(None, 3), dtype="float32", expect=[None, 3]),
    bad("tf.convert_to_tensor", [[1, 2], [3]], code=codes.NUMPY_SHAPE,
        message="setting an array element with a sequence"),
    bad("tf.convert_to_tensor", [[1, 2], 3], code=codes.NUMPY_SHAPE,
        message="setting an array element with a sequence"),
]
