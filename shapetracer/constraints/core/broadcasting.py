"""Broadcasting elementwise ops: tf.add/subtract/…, comparisons, Python operators.

Reference: TensorFlow's BroadcastBinaryOpShapeFn (and numpy's rule, which is
the same): align shapes on the right; each pair of dims must be equal or one
of them 1.  Graph mode words a failure "Dimensions must be equal, but are 3
and 4"; eager mode "Incompatible shapes: [32,10] vs. [16]"; numpy "operands
could not be broadcast together with shapes (3,) (4,)".

``[N, 1]`` combined with ``[N]`` is legal and yields ``[N, N]``: almost always
a silent loss bug (pattern 14), reported as the warning ST202.

The unary Python operators (``-x``, ``+x``, ``~mask``) keep the shape.  This family is in
core, not in tf/ or numpy/: one spec serves ``tf.add``, ``np.add`` and ``+`` (Python's
operators reach tensors and arrays alike), so it is loaded with every program.
"""

from __future__ import annotations

from typing import Any

import z3

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, bool_or
from shapetracer.constraints.core.arrays import same_array
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.constraints.core.scalar_conversion import python_format
from shapetracer.constraints.core.spec import SPECS, Const, OpContext, SymInt, Tensor, Value, dim_int, op
from shapetracer.constraints.core import messages


def broadcast_dims(ctx: OpContext, left: list[Dim], right: list[Dim], x: Tensor, y: Tensor,
                   numpy: bool = False) -> list[Dim] | None:
    """The broadcast of two dim lists, or None after reporting a failure."""
    rank = max(len(left), len(right))
    left = [Dim(1)] * (rank - len(left)) + left
    right = [Dim(1)] * (rank - len(right)) + right
    out: list[Dim] = []
    for a, b in zip(left, right):
        if a.known and a.value == 1:
            out.append(b)
            continue
        if b.known and b.value == 1 or a.same_as(b):
            out.append(a)
            continue
        cond = bool_or(a.eq(b), a.eq(1), b.eq(1))
        if not ctx.require(cond, codes.BROADCAST, _message(ctx, a, b, x, y, numpy), [a, b]):
            return None
        if a.known:
            out.append(a.with_origins(b.origins))
        elif b.known:
            out.append(b.with_origins(a.origins))
        else:
            out.append(Dim(z3.If(a.value == 1, b.value, a.value), a.origins | b.origins))
    return out


def _message(ctx: OpContext, a: Dim, b: Dim, x: Tensor, y: Tensor, numpy: bool) -> Message:
    if numpy:
        return messages.np_cannot_broadcast((x.shape, y.shape))
    return ctx.msg(messages.dims_must_be_equal(a, b), " (", messages.incompatible_shapes(x.shape, y.shape), ")")


def broadcast(ctx: OpContext, a, b, dtype: str | None = None, check_column_row: bool = True) -> Tensor:
    """Spec body shared by every binary elementwise op."""
    x, y = ctx.tensor(a), ctx.tensor(b)
    if x is None or y is None:
        known = x if x is not None else y
        return ctx.unknown_tensor(dtype or (known.dtype if known else None))
    out_dtype = dtype or _result_dtype(x, y)
    # numpy semantics unless a TensorFlow tensor takes part (Python scalars do not count)
    numpy = not any(isinstance(v, Tensor) and not v.is_numpy for v in (a, b))
    if x.shape.dims is None or y.shape.dims is None:
        return ctx.unknown_tensor(out_dtype)
    if check_column_row and not numpy and ctx.api.rsplit(".", 1)[-1] in _DIFFERENCES:
        _warn_column_row(ctx, x, y)
    dims = broadcast_dims(ctx, list(x.shape.dims), list(y.shape.dims), x, y, numpy)
    if dims is None:
        return ctx.unknown_tensor(out_dtype)
    kind = "ndarray" if numpy else "tensor"
    if len(dims) == len(x.shape.dims) and all(d is e for d, e in zip(dims, x.shape.dims)):
        return Tensor(x.shape, out_dtype, kind, x.origin)
    if len(dims) == len(y.shape.dims) and all(d is e for d, e in zip(dims, y.shape.dims)):
        return Tensor(y.shape, out_dtype, kind, y.origin)
    result = ctx.result(Shape(dims), out_dtype, label="broadcast to")
    result.kind = kind
    return result


# Pattern 14 is a prediction minus a target.  Sums and products of a column and a row are
# how outer grids are written on purpose (``t[:, None] * freqs``), so they draw no warning,
# and neither does numpy-only code (data preparation, not a loss).
_DIFFERENCES = ("sub", "subtract", "squared_difference")


def _warn_column_row(ctx: OpContext, x: Tensor, y: Tensor) -> None:
    """[N, 1] with [N] (either order) silently gives [N, N]."""
    for col, row in ((x, y), (y, x)):
        if col.shape.rank == 2 and row.shape.rank == 1:
            n, one = col.shape.dims
            m = row.shape.dims[0]
            if one.known and one.value == 1 and not (m.known and m.value == 1) \
                    and not (n.known and n.value == 1):
                ctx.warn(codes.SUSPICIOUS_BROADCAST, ctx.msg("shapes {shape_a:tf} and {shape_b:tf} broadcast to "
                                                             "[{n},{m}]; reshape or squeeze one side if an "
                                                             "elementwise result was meant", shape_a=col.shape,
                                                             shape_b=row.shape, n=n, m=m), [col, row])
                return


def _result_dtype(x: Tensor, y: Tensor) -> str | None:
    if x.dtype and x.dtype.startswith("float"):
        return x.dtype
    return y.dtype or x.dtype


ARITHMETIC = [
    "add", "subtract", "multiply", "divide", "truediv", "floordiv", "realdiv", "div", "mod", "floormod",
    "pow", "maximum", "minimum", "squared_difference", "div_no_nan", "multiply_no_nan", "atan2",
]
COMPARISON = ["equal", "not_equal", "less", "greater", "less_equal", "greater_equal"]
LOGICAL = ["logical_and", "logical_or", "logical_xor"]


def _names(base: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [f"{p}.{n}" for n in base for p in prefixes]


# TensorFlow's spellings are registered by tf/ops/elementwise, numpy's by numpy/elementwise:
# one spec body for ``tf.add``, ``np.add`` and ``+``.
TF_ARITHMETIC = [*_names(ARITHMETIC, ("tf", "tf.math")), "tf.add_n_pair"]
NUMPY_ARITHMETIC = ["np.add", "np.subtract", "np.multiply", "np.divide", "np.true_divide", "np.floor_divide",
                    "np.maximum", "np.minimum", "np.power", "np.mod"]
TF_COMPARISON = [*_names(COMPARISON, ("tf", "tf.math")), *_names(LOGICAL, ("tf", "tf.math"))]
NUMPY_COMPARISON = ["np.equal", "np.not_equal", "np.less", "np.greater", "np.logical_and", "np.logical_or"]


@op("operator.add", "operator.sub", "operator.mul", "operator.truediv", "operator.floordiv",
    "operator.mod", "operator.pow")
def arithmetic(ctx: OpContext, x, y, name=None):
    if ctx.api == "operator.mod" and isinstance(x, Const) and isinstance(x.value, str):
        return python_format(ctx, x, y)
    result = broadcast(ctx, x, y)
    element = _scalar_int_element(ctx, x, y)
    if element is not None and isinstance(result, Tensor) and result.shape.rank == 0:
        result.elements = (element,)
    return result


# Arithmetic on the elements of a shape vector (``tf.shape(x)[1] * tf.shape(x)[2]``) gives
# a dim that can be fed back as a shape; TensorFlow's partial shape inference follows it
# the same way (a product of known dims is known, one of a declared-None dim is None).
_INT_ARITHMETIC = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "subtract": lambda a, b: a - b,
    "mul": lambda a, b: a * b, "multiply": lambda a, b: a * b,
}
_INT_DTYPES = ("int32", "int64")


def _scalar_int_element(ctx: OpContext, x, y) -> Value | None:
    apply = _INT_ARITHMETIC.get(ctx.api.rsplit(".", 1)[-1])
    if apply is None or not any(isinstance(v, Tensor) and not v.is_numpy for v in (x, y)):
        return None
    if any(isinstance(v, Tensor) and (v.dtype not in _INT_DTYPES or v.shape.rank != 0) for v in (x, y)):
        return None
    a, b = ctx.dim(x), ctx.dim(y)
    if a is None or b is None:
        return None
    dim = apply(a, b)
    return dim_int(dim)


@op("operator.eq", "operator.ne", "operator.lt", "operator.gt", "operator.le", "operator.ge",
    "operator.and_", "operator.or_", "operator.xor")
def comparison(ctx: OpContext, x, y, name=None):
    return broadcast(ctx, x, y, dtype="bool", check_column_row=False)


# --- unary Python operators ------------------------------------------------------------

def _python_unary(ctx: OpContext, value: Any, on_int, on_dim) -> Any:
    """Python ints stay ints (symbolic ones too); tensors and arrays keep their shape."""
    if isinstance(value, Const) and isinstance(value.value, (int, float, complex)):
        try:
            return Const(on_int(value.value))
        except TypeError:  # ~ on a float: a TypeError, not a shape question
            return None
    if isinstance(value, SymInt):
        return SymInt(on_dim(value.dim))
    t = ctx.tensor(value)
    if t is None:
        return None
    return same_array(t) if t.is_numpy else ctx.same_shape(t)


@op("operator.neg")
def neg(ctx: OpContext, a):
    return _python_unary(ctx, a, lambda v: -v, lambda d: 0 - d)


@op("operator.pos")
def pos(ctx: OpContext, a):
    return _python_unary(ctx, a, lambda v: +v, lambda d: d)


@op("operator.invert")
def invert(ctx: OpContext, a):
    return _python_unary(ctx, a, lambda v: ~v, lambda d: (0 - d) - 1)


EXAMPLES = [
    ok("operator.sub", T(None, 1), T(1, 5), expect=[None, 5]),
    ok("operator.add", T(None, 3), 1.0, expect=[None, 3]),
    ok("operator.sub", T(None, 1), T(None), expect=[None, None], warns=codes.SUSPICIOUS_BROADCAST),
    ok("operator.mul", T(None, 1), T(16), expect=[None, 16]),  # an outer grid, on purpose
    ok("operator.add", A(5, 1), A(3), expect=[5, 3]),  # numpy data preparation
    # Every operator of the two specs broadcasts alike (tf/ops/elementwise and
    # numpy/elementwise register the libraries' spellings of the same specs).
    *[ok(name, T(None, 1, 3), T(5, 1), expect=[None, 5, 3])
      for name in SPECS["operator.add"].names + SPECS["operator.eq"].names],
    bad("operator.add", T(32, 10), T(16), code=codes.BROADCAST, message="Dimensions must be equal, but are 10 and 16"),
    # unary Python operators
    ok("operator.neg", T(None, 10), expect=[None, 10]),
    ok("operator.invert", T(5, dtype="bool"), expect=[5]),
    ok("operator.pos", A(2, 3), expect=[2, 3]),
    ok("operator.neg", A(3), expect=[3]),
    ok("operator.neg", 4, expect=-4),
    ok("operator.invert", T(None, dtype="int32"), expect=[None]),
    ok("operator.pos", T(None), expect=[None]),
]
