"""Reductions: tf.reduce_* / tf.math.reduce_*, argmax/argmin, top_k, tf.norm, and numpy's
sum/mean/max/min/argmax/... as functions and as ndarray methods.

Reference: TensorFlow's ReductionShape ("Invalid reduction dimension 2 for input with 2
dimensions."; duplicate axes are fine), ArgOpShape and the ArgMax kernel (from rank 2 on the
shape function refuses an axis out of range: "Dimension (2) must be in the range [-2, 2), where 2
is the number of dimensions in the input."; a rank-0/1 input gets through graph construction and
the kernel refuses it: "Expected dimension in the range [-1, 1), but got 1"), TopKShape ("input
must have last dimension >= k = 11 but is 10"); numpy's AxisError ("axis 2 is out of bounds for
array of dimension 2") and "duplicate value in 'axis'".

``axis=None`` reduces every axis; ``keepdims`` keeps reduced axes as 1.  TF1 spellings
(``keep_dims``, ``reduction_indices``, argmax's ``dimension``) are read too.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.constraints.core.common import normalize_axis
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.constraints.core.arrays import array_result, as_array, unknown_array
from shapetracer.constraints.core.spec import OpContext, Seq, Tensor, dim_int, op
from shapetracer.constraints.core import messages

ALL = "all"  # marker: reduce every axis


# --- shared helpers (nn.py and losses.py use them too) --------------------------

def read_axes(ctx: OpContext, axis: Any) -> list[int] | str | None:
    """An axis argument: ALL for None, a list of ints, or None when unknown."""
    if ctx.is_none(axis):
        return ALL
    return ctx.int_list(axis)


def tf_axes(ctx: OpContext, axes: list[int], x: Tensor) -> list[int] | None:
    """Axes made non-negative; "Invalid reduction dimension" (ST107) when one is out of range."""
    rank = x.shape.rank
    normal = []
    for axis in axes:
        fixed = normalize_axis(axis, rank)
        if fixed is None:
            ctx.fail(codes.AXIS_RANGE, f"{ctx.display}: Invalid reduction dimension {axis} for input with {rank} "
                     f"dimensions. (input shape: {x.shape.tf_str()})", [x])
            return None
        normal.append(fixed)
    return normal


def numpy_axes(ctx: OpContext, axes: list[int], x: Tensor) -> list[int] | None:
    """numpy's checks: AxisError for out of range, ValueError for a repeated axis (both ST107)."""
    rank = x.shape.rank
    normal = []
    for axis in axes:
        fixed = normalize_axis(axis, rank)
        if fixed is None:
            ctx.fail(codes.AXIS_RANGE, f"{ctx.display}: {messages.np_axis_out_of_bounds(axis, rank)}", [x])
            return None
        if fixed in normal:
            ctx.fail(codes.AXIS_RANGE, f"{ctx.display}: duplicate value in 'axis'", [x])
            return None
        normal.append(fixed)
    return normal


def reduced_dims(ctx: OpContext, dims: tuple[Dim, ...], axes: list[int] | str, keepdims: bool) -> list[Dim]:
    """What is left after reducing ``axes`` (non-negative, or ALL)."""
    chosen = set(range(len(dims))) if axes == ALL else set(axes)
    out = []
    for i, dim in enumerate(dims):
        if i not in chosen:
            out.append(dim)
        elif keepdims:
            out.append(Dim(1, frozenset({ctx.site})))
    return out


def keepdims_flag(ctx: OpContext, keepdims: Any, keep_dims: Any = None) -> bool | None:
    """``keepdims`` (TF2) or ``keep_dims`` (TF1); False when neither is given, None when unknown."""
    chosen = keep_dims if ctx.is_none(keepdims) else keepdims
    return ctx.bool(chosen, False)


def reduce(ctx: OpContext, value: Any, axis: Any, keepdims: bool | None, dtype: str | None = None,
           numpy: bool = False, label: str = "reduced to") -> Tensor:
    """Shared body of every reduction: check the axes, drop (or keep as 1) the reduced dims."""
    x = as_array(ctx, value) if numpy else ctx.tensor(value)
    unknown = (lambda d: unknown_array(ctx, d)) if numpy else ctx.unknown_tensor
    if x is None or x.shape.dims is None:
        return unknown(dtype or (x.dtype if x is not None else None))
    out_dtype = dtype or x.dtype
    axes = read_axes(ctx, axis)
    if axes is None:
        return unknown(out_dtype)
    if axes != ALL:
        if numpy and x.shape.rank == 0:
            return unknown(out_dtype)  # numpy scalars accept axis 0; 0-d arrays do not
        axes = numpy_axes(ctx, axes, x) if numpy else tf_axes(ctx, axes, x)
        if axes is None:
            return unknown(out_dtype)
    if keepdims is None:
        return unknown(out_dtype)
    dims = reduced_dims(ctx, x.shape.dims, axes, keepdims)
    if numpy:
        return array_result(ctx, dims, out_dtype, label=label)
    return ctx.result(dims, out_dtype, label=label)


# --- TensorFlow reductions --------------------------------------------------------

def _tf_names(*bases: str) -> list[str]:
    return [f"{prefix}.{base}" for base in bases for prefix in ("tf", "tf.math")]


@op(*_tf_names("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_logsumexp"))
def reduce_numeric(ctx: OpContext, input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None,
                   keep_dims=None):
    chosen = reduction_indices if ctx.is_none(axis) else axis
    return reduce(ctx, input_tensor, chosen, keepdims_flag(ctx, keepdims, keep_dims))


@op(*_tf_names("reduce_any", "reduce_all"))
def reduce_logical(ctx: OpContext, input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None,
                   keep_dims=None):
    chosen = reduction_indices if ctx.is_none(axis) else axis
    return reduce(ctx, input_tensor, chosen, keepdims_flag(ctx, keepdims, keep_dims), dtype="bool")


@op("tf.math.reduce_std", "tf.math.reduce_variance", "tf.math.reduce_euclidean_norm")
def reduce_moment(ctx: OpContext, input_tensor, axis=None, keepdims=False, name=None):
    return reduce(ctx, input_tensor, axis, keepdims_flag(ctx, keepdims))


@op("tf.math.count_nonzero", "tf.count_nonzero")
def count_nonzero(ctx: OpContext, input_tensor=None, axis=None, keepdims=None, dtype=None, name=None,
                  reduction_indices=None, keep_dims=None, input=None):
    source = input if ctx.is_none(input_tensor) else input_tensor
    chosen = reduction_indices if ctx.is_none(axis) else axis
    return reduce(ctx, source, chosen, keepdims_flag(ctx, keepdims, keep_dims), dtype="int64")


def arg_reduce(ctx: OpContext, value: Any, axis: Any, numpy: bool, keepdims: bool = False) -> Tensor:
    """argmax/argmin: one axis.  TF defaults to axis 0, numpy to the flattened array."""
    x = as_array(ctx, value) if numpy else ctx.tensor(value)
    unknown = (lambda: unknown_array(ctx, "int64")) if numpy else (lambda: ctx.unknown_tensor("int64"))
    if x is None or x.shape.dims is None:
        return unknown()
    rank = x.shape.rank
    if numpy and ctx.is_none(axis):
        dims = [Dim(1, frozenset({ctx.site}))] * rank if keepdims else []
        return array_result(ctx, dims, "int64", label="reduced to")
    chosen = 0 if ctx.is_none(axis) else ctx.int(axis)
    if chosen is None:
        return unknown()
    if rank == 0:
        return unknown()
    fixed = normalize_axis(chosen, rank)
    if fixed is None:
        if numpy:
            message = messages.np_axis_out_of_bounds(chosen, rank)
        elif rank <= 1:
            message = f"Expected dimension in the range [{-rank}, {rank}), but got {chosen}"
        else:
            message = (f"Dimension ({chosen}) must be in the range [{-rank}, {rank}), where {rank} is the "
                       f"number of dimensions in the input.")
        shown = "" if numpy else f" (input shape: {x.shape.tf_str()})"
        # ArgOpShape gives a rank-0/1 input a scalar without looking at the axis, so graph
        # mode builds that argmax and the kernel rejects it at run time; from rank 2 on the
        # shape function itself refuses the axis.
        ctx.fail(codes.AXIS_RANGE, f"{ctx.display}: {message}{shown}", [x], runtime=not numpy and rank <= 1)
        if numpy or rank > 1:
            return unknown()
        return ctx.result([], "int64", label="reduced to")
    dims = reduced_dims(ctx, x.shape.dims, [fixed], keepdims)
    if numpy:
        return array_result(ctx, dims, "int64", label="reduced to")
    return ctx.result(dims, "int64", label="reduced to")


@op("tf.argmax", "tf.math.argmax", "tf.argmin", "tf.math.argmin")
def argmax(ctx: OpContext, input, axis=None, name=None, dimension=None, output_type=None):
    return arg_reduce(ctx, input, dimension if ctx.is_none(axis) else axis, numpy=False)


@op("tf.math.top_k", "tf.nn.top_k")
def top_k(ctx: OpContext, input, k=1, sorted=True, index_type=None, name=None):
    """(values, indices), both ``input.shape[:-1] + [k]``."""
    x = ctx.tensor(input)
    if x is None or x.shape.dims is None:
        return Seq([ctx.unknown_tensor(), ctx.unknown_tensor("int32")], "tuple")
    if x.shape.rank < 1:
        ctx.fail(codes.RANK_MISMATCH, f"{ctx.display}: {messages.shape_must_be_at_least_rank(1, 0)} "
                 f"(input shape: {x.shape.tf_str()})", [x])
        return Seq([ctx.unknown_tensor(x.dtype), ctx.unknown_tensor("int32")], "tuple")
    count = ctx.dim(k)
    last = x.shape.dims[-1]
    if count is not None:
        if count.known and count.value < 0:
            ctx.fail(codes.SHAPE_REQUIREMENT, f"{ctx.display}: Need k >= 0, got {count}")
            return Seq([ctx.unknown_tensor(x.dtype), ctx.unknown_tensor("int32")], "tuple")
        if not ctx.require(last.ge(count), codes.SHAPE_REQUIREMENT,
                           f"{ctx.display}: input must have last dimension >= k = {count} but is {last} "
                           f"(input shape: {x.shape.tf_str()})", [last, count, x]):
            return Seq([ctx.unknown_tensor(x.dtype), ctx.unknown_tensor("int32")], "tuple")
    dims = list(x.shape.dims[:-1]) + [count if count is not None else ctx.fresh()]
    return Seq([ctx.result(dims, x.dtype, label="top-k gives"), ctx.result(dims, "int32", label="top-k gives")],
               "tuple")


@op("tf.norm", "tf.linalg.norm")
def norm(ctx: OpContext, tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None):
    """A vector norm over one axis, a matrix norm over a pair, or the whole tensor for None."""
    axes = read_axes(ctx, axis)
    if isinstance(axes, list) and (len(axes) not in (1, 2) or len(set(axes)) != len(axes)):
        ctx.fail(codes.AXIS_RANGE, f"{ctx.display}: 'axis' must be None, an integer, or a tuple of 2 unique integers, "
                 f"got {axes}")
        return ctx.unknown_tensor()
    return reduce(ctx, tensor, axis, keepdims_flag(ctx, keepdims, keep_dims), label="normed to")


# --- scans: cumulative sums and products keep the shape -----------------------------

@op(*_tf_names("cumsum", "cumprod", "cumulative_logsumexp"))
def cumulative(ctx: OpContext, x, axis=0, exclusive=False, reverse=False, name=None):
    """Same shape; the axis must exist ("axis must be in [-rank, rank)")."""
    value = ctx.tensor(x)
    if value is None or value.shape.dims is None:
        return ctx.unknown_tensor(value.dtype if value is not None else None)
    axes = read_axes(ctx, axis)
    if axes is None or axes == ALL or tf_axes(ctx, axes, value) is None:
        return ctx.unknown_tensor(value.dtype)
    return ctx.same_shape(value)


@op("np.cumsum", "np.cumprod", "np.nancumsum", "np.nancumprod")
def np_cumulative(ctx: OpContext, a, axis=None, dtype=None, out=None):
    """Without an axis numpy scans the flattened array (a vector of every element)."""
    x = as_array(ctx, a)
    if x is None or x.shape.dims is None:
        return unknown_array(ctx, x.dtype if x is not None else None)
    if ctx.is_none(axis):
        total = x.shape.num_elements()
        return array_result(ctx, [total], x.dtype, label="flattened to")
    axes = read_axes(ctx, axis)
    if axes is None or axes == ALL or x.shape.rank == 0 or numpy_axes(ctx, axes, x) is None:
        return unknown_array(ctx, x.dtype)
    return array_result(ctx, list(x.shape.dims), x.dtype, label="scanned to")


@op("ndarray.cumsum", "ndarray.cumprod")
def array_cumulative(ctx: OpContext, self, axis=None, dtype=None, out=None):
    return np_cumulative(ctx, self, axis, dtype, out)


# --- numpy ------------------------------------------------------------------------

@op("np.sum", "np.mean", "np.prod", "np.nansum", "np.nanmean", "np.nanprod")
def np_sum(ctx: OpContext, a, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    result = reduce(ctx, a, axis, ctx.bool(keepdims, False), numpy=True)
    return _with_folded_value(ctx, result, a, axis, keepdims)


def _with_folded_value(ctx: OpContext, result: Any, a: Any, axis: Any, keepdims: Any) -> Any:
    """``np.prod(x.shape[1:])`` and ``np.sum`` of known ints: the value is a dim too
    (flatten sizes are written this way), so keep it as the scalar's element."""
    kind = ctx.api.rsplit(".", 1)[-1]
    if kind not in ("prod", "sum") or not ctx.is_none(axis) or ctx.bool(keepdims, False) is not False:
        return result
    x = ctx.tensor(a)
    if not isinstance(result, Tensor) or x is None or not x.elements or x.shape.rank != 1:
        return result
    dims = [ctx.dim(e) for e in x.elements]
    if any(d is None for d in dims):
        return result
    total = dims[0]
    for d in dims[1:]:
        total = total * d if kind == "prod" else total + d
    result.elements = (dim_int(total),)
    return result


@op("np.max", "np.min", "np.amax", "np.amin", "np.nanmax", "np.nanmin", "np.median", "np.ptp")
def np_max(ctx: OpContext, a, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, a, axis, ctx.bool(keepdims, False), numpy=True)


@op("np.any", "np.all")
def np_any(ctx: OpContext, a, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, a, axis, ctx.bool(keepdims, False), dtype="bool", numpy=True)


@op("np.std", "np.var", "np.nanstd", "np.nanvar")
def np_std(ctx: OpContext, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, **kwargs):
    return reduce(ctx, a, axis, ctx.bool(keepdims, False), numpy=True)


@op("np.argmax", "np.argmin", "np.nanargmax", "np.nanargmin")
def np_argmax(ctx: OpContext, a, axis=None, out=None, keepdims=False):
    keep = ctx.bool(keepdims, False)
    if keep is None or not ctx.is_none(axis) and ctx.int(axis) is None:
        return unknown_array(ctx, "int64")  # a tuple axis is a TypeError, not a shape question
    return arg_reduce(ctx, a, axis, numpy=True, keepdims=keep)


@op("ndarray.sum", "ndarray.mean", "ndarray.prod")
def array_sum(ctx: OpContext, self, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    result = reduce(ctx, self, axis, ctx.bool(keepdims, False), numpy=True)
    return _with_folded_value(ctx, result, self, axis, keepdims)


@op("ndarray.max", "ndarray.min")
def array_max(ctx: OpContext, self, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, self, axis, ctx.bool(keepdims, False), numpy=True)


@op("ndarray.any", "ndarray.all")
def array_any(ctx: OpContext, self, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, self, axis, ctx.bool(keepdims, False), dtype="bool", numpy=True)


@op("ndarray.std", "ndarray.var")
def array_std(ctx: OpContext, self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, **kwargs):
    return reduce(ctx, self, axis, ctx.bool(keepdims, False), numpy=True)


@op("ndarray.argmax", "ndarray.argmin")
def array_argmax(ctx: OpContext, self, axis=None, out=None, keepdims=False):
    return np_argmax(ctx, self, axis, out, keepdims)


EXAMPLES = [
    ok("tf.cumsum", T(4, 3), axis=1, expect=[4, 3]),
    bad("tf.math.cumsum", T(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("np.cumsum", A(200), expect=[200]),
    ok("np.cumsum", A(4, 3), expect=[12]),
    ok("np.cumprod", A(4, 3), axis=0, expect=[4, 3]),
    bad("np.cumsum", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("tf.reduce_sum", T(None, 10), 1, expect=[None]),
    ok("tf.reduce_sum", T(None, 10), expect=[]),
    ok("tf.reduce_mean", T(None, 10, 3), axis=[0, 2], keepdims=True, expect=[1, 10, 1]),
    ok("tf.reduce_mean", T(None, 10, 3), axis=[0, 2], keep_dims=True, expect=[1, 10, 1]),
    ok("tf.reduce_max", T(None, 10, 3), reduction_indices=[1], expect=[None, 3]),
    ok("tf.math.reduce_sum", T(None, 10), axis=-1, expect=[None]),
    ok("tf.reduce_sum", T(None, 10, 3), axis=[1, -2], expect=[None, 3]),  # TF allows repeats
    ok("tf.reduce_any", T(None, 10, dtype="bool"), axis=1, expect=[None]),
    ok("tf.reduce_logsumexp", T(None, 10), axis=1, expect=[None]),
    ok("tf.reduce_sum", A(3, 4), axis=1, expect=[3]),
    ok("tf.reduce_sum", T(None, 10, 3), axis=[], expect=[None, 10, 3]),
    bad("tf.reduce_sum", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.reduce_sum", T(None, 10), axis=-3, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension -3 for input with 2 dimensions"),
    bad("tf.reduce_mean", T(None), axis=1, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 1 for input with 1 dimensions"),
    bad("tf.reduce_sum", T(), axis=0, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 0 for input with 0 dimensions"),
    bad("tf.math.reduce_logsumexp", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.reduce_sum", A(3, 4), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("tf.math.reduce_std", T(None, 10), axis=0, expect=[10]),
    ok("tf.math.count_nonzero", T(None, 10), axis=1, expect=[None]),
    bad("tf.math.reduce_variance", T(None, 10), axis=5, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 5 for input with 2 dimensions"),
    ok("tf.argmax", T(None, 10), 1, expect=[None]),
    ok("tf.argmax", T(None, 10), axis=-1, expect=[None]),
    ok("tf.argmax", T(None, 10), dimension=1, expect=[None]),
    ok("tf.argmin", T(None, 10), expect=[10]),
    ok("tf.math.argmax", T(4, 5, 6), 2, expect=[4, 5]),
    bad("tf.argmax", T(None), 1, code=codes.AXIS_RANGE,
        message="Expected dimension in the range [-1, 1), but got 1"),  # pattern 15: graph mode passes, the kernel raises
    bad("tf.argmax", T(None, 10), 2, code=codes.AXIS_RANGE,
        message="Dimension (2) must be in the range [-2, 2), where 2 is the number of"),
    bad("tf.argmin", T(3, 10), -3, code=codes.AXIS_RANGE,
        message="Dimension (-3) must be in the range [-2, 2), where 2 is the number of"),
    ok("tf.nn.top_k", T(None, 10), 5, expect=([None, 5], [None, 5])),
    ok("tf.math.top_k", T(3, None), 4, expect=([3, 4], [3, 4])),
    bad("tf.nn.top_k", T(None, 10), 11, code=codes.SHAPE_REQUIREMENT,
        message="input must have last dimension >= k = 11 but is 10"),
    bad("tf.math.top_k", T(), 1, code=codes.RANK_MISMATCH, message="Shape must be at least rank 1 but is rank 0"),
    ok("tf.norm", T(None, 10), expect=[]),
    ok("tf.norm", T(None, 10), axis=1, keepdims=True, expect=[None, 1]),
    ok("tf.norm", T(None, 10, 3), axis=[1, 2], expect=[None]),
    ok("tf.linalg.norm", T(None, 10), axis=1, keep_dims=True, expect=[None, 1]),
    bad("tf.norm", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.norm", T(None, 10, 3), axis=[1, 1], code=codes.AXIS_RANGE,
        message="'axis' must be None, an integer, or a tuple of 2 unique integers, got"),
    ok("np.sum", A(3, 4), axis=1, expect=[3]),
    ok("np.sum", A(3, 4), axis=(0, 1), expect=[]),
    ok("np.mean", A(3, 4), 0, expect=[4]),
    ok("np.sum", A(3, 4), axis=1, keepdims=True, expect=[3, 1]),
    ok("np.max", A(None, 4), axis=1, expect=[None]),
    ok("np.sum", [[1, 2], [3, 4]], axis=0, expect=[2]),
    bad("np.sum", A(3, 4), axis=2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    bad("np.mean", A(3, 4), axis=-3, code=codes.AXIS_RANGE,
        message="axis -3 is out of bounds for array of dimension 2"),
    bad("np.sum", A(3, 4), axis=(1, -1), code=codes.AXIS_RANGE, message="duplicate value in 'axis'"),
    bad("np.std", A(3, 4), axis=5, code=codes.AXIS_RANGE, message="axis 5 is out of bounds for array of dimension 2"),
    ok("np.argmax", A(3, 4), axis=1, expect=[3]),
    ok("np.argmax", A(3, 4), expect=[]),
    ok("np.argmin", A(3, 4), keepdims=True, expect=[1, 1]),
    bad("np.argmax", A(3, 4), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.sum", A(3, 4), 1, expect=[3]),
    ok("ndarray.mean", A(3, 4), axis=0, keepdims=True, expect=[1, 4]),
    ok("ndarray.argmax", A(None, 10), axis=1, expect=[None]),
    ok("ndarray.max", A(3, 4), expect=[]),
    # every other spelling of the families above
    *[ok(name, T(None, 10, 3), axis=1, expect=[None, 3])
      for name in ("tf.reduce_min", "tf.reduce_prod", "tf.math.reduce_min", "tf.math.reduce_prod", "tf.reduce_mean",
                   "tf.math.reduce_mean", "tf.math.reduce_max")],
    *[ok(name, T(None, 10), axis=1, expect=[None, 10])
      for name in ("tf.cumprod", "tf.math.cumprod", "tf.cumulative_logsumexp", "tf.math.cumulative_logsumexp")],
    ok("tf.math.argmin", T(None, 10), 1, expect=[None]),
    *[ok(name, A(4, 3), axis=0, expect=[4, 3]) for name in ("np.nancumsum", "np.nancumprod")],
    *[ok(name, A(4, 3), axis=0, expect=[3])
      for name in ("np.prod", "np.nansum", "np.nanmean", "np.nanprod", "np.amin", "np.nanmax", "np.nanmin",
                   "np.median", "np.ptp", "np.nanstd", "np.nanvar", "np.nanargmax", "np.nanargmin")],
    bad("np.nanmean", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.prod", A(3, 4), axis=1, expect=[3]),
    ok("ndarray.argmin", A(None, 10), axis=1, expect=[None]),
    ok("ndarray.cumsum", A(4, 3), expect=[12]),
    ok("ndarray.cumprod", A(4, 3), axis=1, expect=[4, 3]),
    bad("ndarray.cumsum", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.sum", A(3, 4), 2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.argmax", A(3, 4), 2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.min", A(3), axis=1, code=codes.AXIS_RANGE, message="axis 1 is out of bounds for array of dimension 1"),
    ok("tf.reduce_all", T(None, 10, dtype="bool"), expect=[]),
    ok("tf.math.reduce_any", T(None, 10, dtype="bool"), axis=0, keepdims=True, expect=[1, 10]),
    bad("tf.reduce_any", T(None, 10, dtype="bool"), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.reduce_all", T(None), reduction_indices=[1], code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 1 for input with 1 dimensions"),
    ok("tf.math.reduce_euclidean_norm", T(None, 10), axis=1, keepdims=True, expect=[None, 1]),
    ok("tf.count_nonzero", T(None, 10), expect=[]),
    bad("tf.math.count_nonzero", T(None, 10), axis=3, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 3 for input with 2 dimensions"),
    ok("np.amax", A(3, 4), axis=0, keepdims=True, expect=[1, 4]),
    ok("np.min", A(3, 4), expect=[]),
    bad("np.max", A(3, 4), axis=2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    ok("np.any", A(3, 4, dtype="bool"), axis=1, expect=[3]),
    ok("np.all", A(3, 4, dtype="bool"), expect=[]),
    bad("np.any", A(3, 4, dtype="bool"), axis=-3, code=codes.AXIS_RANGE,
        message="axis -3 is out of bounds for array of dimension 2"),
    ok("np.var", A(3, 4), axis=0, expect=[4]),
    ok("ndarray.any", A(3, 4, dtype="bool"), axis=0, expect=[4]),
    bad("ndarray.all", A(3, 4, dtype="bool"), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.std", A(3, 4), axis=1, expect=[3]),
    bad("ndarray.var", A(3, 4), axis=(0, 0), code=codes.AXIS_RANGE, message="duplicate value in 'axis'"),
]
