"""Tensor creation: placeholders, constants, filled tensors (zeros, ones,
fill, eye, range, linspace) and random tensors.

References: TensorFlow's Placeholder, PlaceholderWithDefault, Const, Fill,
Range and RandomStandardNormal shape functions and kernels.  TF 2.21 wording:
"Fill dimensions must be >= 0" (graph) / "Dimension -1 must be >= 0" (run
time), "Error converting shape to a TensorShape: Dimension -1 must be >= 0."
(placeholder), "Requires start <= limit when delta > 0: 10/2" (range).

Placeholders are where unknown dims are born: each ``None`` of a declared
shape becomes a fresh symbol named after the tensor (``x.shape[0]``), so a
counterexample reads "fails when x.shape[0] = 3".  Variables live in
variables.py, tf.shape/tf.cast and friends in conversion.py.
"""

from __future__ import annotations

import math

from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name, merge_shapes
from shapetracer.domain.dims import Dim, Shape, declared_none_name, statically_none
from shapetracer.constraints.core.examples import A, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.arrays import discover, ragged_message
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Const, Seq, ShapeVal, Tensor, Value
from shapetracer.constraints.core import messages



# --- reading shape arguments --------------------------------------------------

def declared_shape(ctx: OpContext, shape, hint: str) -> Shape:
    """A declared shape (placeholder, Variable(shape=...)): None entries are
    fresh dims named ``hint.shape[i]``; ``shape=None`` means unknown rank."""
    if ctx.is_none(shape):
        return Shape.unknown()
    dims = ctx.shape_arg(shape)
    if dims is None:
        return Shape.unknown()
    written = ctx.items(shape) if isinstance(shape, Seq) else None
    if isinstance(shape, ShapeVal) and shape.shape.dims is not None:  # placeholder(..., x.shape)
        dims = [None if statically_none(d) else d for d in shape.shape.dims]
    out = []
    for index, dim in enumerate(dims):
        if written is not None and dim is None and not ctx.is_none(written[index]):
            # an int the analysis cannot compute (gym's observation size, a constructor
            # argument, a config value): TensorFlow sees a concrete int, not None
            out.append(ctx.fresh(f"{hint}.static{index}"))
        elif dim is None or (dim.known and dim.value < 0):
            out.append(ctx.fresh(declared_none_name(hint, index)))
        else:
            out.append(dim)
    return Shape(out)


def negative_entry(ctx: OpContext, shape) -> int | None:
    """The first known negative entry of a shape argument, if any."""
    dims = ctx.shape_arg(shape) if not ctx.is_none(shape) else None
    for dim in dims or []:
        if dim is not None and dim.known and dim.value < 0:
            return dim.value
    return None


def _created_shape(ctx: OpContext, shape, message: str) -> Shape | None:
    """``message``: the template of the negative dim's error (it may name the {dim})."""
    """The shape argument of a creation op; None after reporting a negative dim."""
    negative = negative_entry(ctx, shape)
    if negative is not None:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(message, dim=negative))
        return None
    dims = ctx.shape_arg(shape)
    if dims is None:
        return Shape.unknown()
    return Shape(d if d is not None else ctx.fresh("d", lower=0) for d in dims)


def report_ragged(ctx: OpContext, value: Value) -> bool:
    """True, after reporting ST126, when ``value`` is a ragged nest of Python
    numbers: TensorFlow converts it through numpy, which refuses it."""
    if not isinstance(value, Seq) or not _numbers_only(value):
        return False
    nest = discover(ctx, value)
    if nest is None or not nest.ragged:
        return False
    ctx.fail(codes.NUMPY_SHAPE, ctx.msg(ragged_message(nest)))
    return True


def _numbers_only(value: Value) -> bool:
    if isinstance(value, Seq):
        return all(_numbers_only(item) for item in value.items)
    return isinstance(value, Const) and isinstance(value.value, (int, float)) and not isinstance(value.value, bool)


_FILL_NEGATIVE = "Fill dimensions must be >= 0"
_RUNTIME_NEGATIVE = "Dimension {dim} must be >= 0"


# --- placeholders ---------------------------------------------------------------

@op("tf.placeholder")
def placeholder(ctx: OpContext, dtype, shape=None, name=None):
    unique = ctx.unique_name(ctx.str(name) or "Placeholder")
    negative = negative_entry(ctx, shape)
    if negative is not None:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Error converting shape to a TensorShape: Dimension {dim} "
                                                  "must be >= 0.", dim=negative))
        return ctx.unknown_tensor(dtype_name(dtype))
    # without a shape even TensorFlow does not know the rank until a run feeds it
    declared = declared_shape(ctx, shape, unique) if not ctx.is_none(shape) else Shape.without_static_rank()
    return ctx.result(declared, dtype_name(dtype), label="declared as", kind="placeholder", name=f"{unique}:0")


@op("tf.placeholder_with_default")
def placeholder_with_default(ctx: OpContext, input, shape, name=None):
    default = ctx.tensor(input)
    unique = ctx.unique_name(ctx.str(name) or "PlaceholderWithDefault")
    declared = declared_shape(ctx, shape, unique)
    dtype = default.dtype if default is not None else None
    if default is not None and merge_shapes(ctx, codes.SET_SHAPE_CONFLICT, default.shape, declared, [default],
                                            runtime_checked=False) is None:
        return ctx.unknown_tensor(dtype)
    return ctx.result(declared, dtype, label="declared as", kind="placeholder", name=f"{unique}:0")


# --- constants and filled tensors -------------------------------------------------

@op("tf.constant")
def constant(ctx: OpContext, value, dtype=None, shape=None, name="Const", verify_shape=False):
    """The nesting of ``value`` gives the shape unless ``shape=`` is given (a
    scalar is then broadcast; TF1 graph mode pads short lists, so a count
    mismatch is not reported)."""
    if report_ragged(ctx, value):
        return ctx.unknown_tensor(dtype_name(dtype))
    source = ctx.tensor(value)
    out_dtype = dtype_name(dtype, source.dtype if source is not None else None)
    if not ctx.is_none(shape):
        given = ctx.shape_arg(shape)
        if given is None:
            return ctx.unknown_tensor(out_dtype)
        target = Shape(d if d is not None else ctx.fresh("d", lower=0) for d in given)
        elements = None
        if source is not None and source.elements is not None and target.rank == 1 \
                and target.dims[0].known and target.dims[0].value == len(source.elements):
            elements = source.elements
        return ctx.result(target, out_dtype, label="created as", elements=elements)
    if source is None:
        return ctx.unknown_tensor(out_dtype)
    elements = source.elements if source.shape.rank is not None and source.shape.rank <= 1 else None
    return ctx.result(source.shape, out_dtype, label="created as", elements=elements)


@op("tf.zeros", "tf.ones")
def zeros(ctx: OpContext, shape, dtype=None, name=None):
    target = _created_shape(ctx, shape, _FILL_NEGATIVE)
    if target is None:
        return ctx.unknown_tensor(dtype_name(dtype, "float32"))
    return ctx.result(target, dtype_name(dtype, "float32"), label="created as")


@op("tf.fill")
def fill(ctx: OpContext, dims, value, name=None):
    filler = ctx.tensor(value)
    dtype = filler.dtype if filler is not None else None
    if filler is not None and filler.shape.rank not in (None, 0):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(0, filler.shape.rank)), [filler])
        return ctx.unknown_tensor(dtype)
    target = _created_shape(ctx, dims, _FILL_NEGATIVE)
    if target is None:
        return ctx.unknown_tensor(dtype)
    return ctx.result(target, dtype, label="created as")


@op("tf.zeros_like", "tf.ones_like")
def zeros_like(ctx: OpContext, tensor=None, dtype=None, name=None, optimize=True, input=None):
    """TF1 names the first parameter ``tensor``, TF2 ``input``: accept both."""
    source = ctx.tensor(input if tensor is None else tensor)
    if source is None:
        return ctx.unknown_tensor(dtype_name(dtype))
    return ctx.same_shape(source, dtype_name(dtype, source.dtype))


@op("tf.eye", "tf.linalg.eye")
def eye(ctx: OpContext, num_rows, num_columns=None, batch_shape=None, dtype=None, name=None):
    dtype = dtype_name(dtype, "float32")
    rows = ctx.dim(num_rows)
    cols = rows if ctx.is_none(num_columns) else ctx.dim(num_columns)
    for dim in (rows, cols):
        if dim is not None and dim.known and dim.value < 0:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(_FILL_NEGATIVE), [dim])
            return ctx.unknown_tensor(dtype)
    batch: list[Dim] = []
    if not ctx.is_none(batch_shape):
        given = ctx.shape_arg(batch_shape)
        if given is None:
            return ctx.unknown_tensor(dtype)
        batch = [d if d is not None else ctx.fresh() for d in given]
    rows = rows if rows is not None else ctx.fresh("rows", 0)
    cols = cols if cols is not None else ctx.fresh("cols", 0)
    dims = batch + [rows, cols]
    return ctx.result(Shape(dims), dtype, label="created as")


@op("tf.range")
def range_(ctx: OpContext, start, limit=None, delta=1, dtype=None, name="range"):
    if ctx.is_none(limit):
        start, limit = 0, start
    numbers = [_number(ctx, v) for v in (start, limit, delta)]
    integral = all(isinstance(n, int) or isinstance(n, Dim) for n in numbers)
    out_dtype = dtype_name(dtype, "int32" if integral else "float32")
    first, last, step = numbers
    if all(isinstance(n, (int, float)) for n in numbers):
        if step == 0:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Requires delta != 0"))
            return ctx.unknown_tensor(out_dtype)
        if (step > 0 and first > last) or (step < 0 and first < last):
            relation = "start <= limit when delta > 0" if step > 0 else "start >= limit when delta < 0"
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Requires " + relation + ": {start}/{limit}",
                                                      start=_whole(first), limit=_whole(last)))
            return ctx.unknown_tensor(out_dtype)
        return ctx.result([math.ceil((last - first) / step)], out_dtype, label="created as")
    if isinstance(last, Dim) and isinstance(first, int) and isinstance(step, int) and step > 0:
        length = last - first if step == 1 else (last - first).ceildiv(step)
        return ctx.result(Shape([length]), out_dtype, label="created as")
    return ctx.result(Shape([ctx.fresh("range", 0)]), out_dtype, label="created as")


def _number(ctx: OpContext, value) -> int | float | Dim | None:
    known = ctx.int(value)
    if known is not None:
        return known
    if isinstance(value, Const) and isinstance(value.value, float):
        return value.value
    dim = ctx.dim(value)
    return dim


def _whole(number: int | float) -> int | float:
    """A whole float as an int: TensorFlow prints range's bounds so (``0/5``, not ``0.0/5.0``)."""
    return int(number) if float(number).is_integer() else number


@op("tf.linspace", "tf.lin_space", "tf.linalg.linspace")
def linspace(ctx: OpContext, start, stop, num, name=None, axis=0):
    low, high = ctx.tensor(start), ctx.tensor(stop)
    count = ctx.dim(num)
    if count is not None and count.known and count.value < 0:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Requires start <= limit when delta > 0: 1/{limit}",
                                                  limit=count.value), [count])
        return ctx.unknown_tensor("float32")
    count = count if count is not None else ctx.fresh("num", 0)
    if low is None or high is None or low.shape.dims is None or high.shape.dims is None:
        return ctx.unknown_tensor("float32")
    if low.shape.rank == 0 and high.shape.rank == 0:
        return ctx.result(Shape([count]), low.dtype or "float32", label="created as")
    # Batched endpoints: the shape of the (same-shaped) endpoints with num inserted at axis.
    where = ctx.int(axis)
    if low.shape.rank != high.shape.rank or where is None:
        return ctx.unknown_tensor(low.dtype)
    rank = low.shape.rank
    where = where + rank + 1 if where < 0 else where
    if not 0 <= where <= rank:
        return ctx.unknown_tensor(low.dtype)
    dims = list(low.shape.dims)
    dims.insert(where, count)
    return ctx.result(Shape(dims), low.dtype, label="created as")


# --- random tensors -------------------------------------------------------------------

@op("tf.random_normal", "tf.random.normal", "tf.truncated_normal", "tf.random.truncated_normal")
def random_normal(ctx: OpContext, shape, mean=0.0, stddev=1.0, dtype=None, seed=None, name=None):
    return _random(ctx, shape, dtype)


@op("tf.random_uniform", "tf.random.uniform")
def random_uniform(ctx: OpContext, shape, minval=0, maxval=None, dtype=None, seed=None, name=None):
    return _random(ctx, shape, dtype)


def _random(ctx: OpContext, shape, dtype) -> Tensor:
    target = _created_shape(ctx, shape, _RUNTIME_NEGATIVE)
    if target is None:
        return ctx.unknown_tensor(dtype_name(dtype, "float32"))
    return ctx.result(target, dtype_name(dtype, "float32"), label="created as")


@op("tf.random.categorical", "tf.multinomial", "tf.random.multinomial")
def random_categorical(ctx: OpContext, logits, num_samples, seed=None, name=None, output_dtype=None, dtype=None):
    """Multinomial: logits ``[batch, classes]`` give ``[batch, num_samples]`` draws (int64 unless
    the dtype says otherwise).  Logits of another rank fail: "Shape must be rank 2 but is rank 1"
    while a graph is built, "logits should be a matrix, got shape [20]" eagerly (verified under
    1.15 and 2.21)."""
    x = ctx.tensor(logits)
    out_dtype = dtype_name(dtype if not ctx.is_none(dtype) else output_dtype, "int64")
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor(out_dtype)
    if x.shape.rank != 2:
        message = messages.shape_must_be_rank(2, x.shape.rank) if ctx.graph.mode or ctx.target.tf1 else \
            "logits should be a matrix, got shape {shape:tf}"
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(message, shape=x.shape), [x])
        return ctx.unknown_tensor(out_dtype)
    samples = ctx.dim(num_samples)
    return ctx.result([x.shape.dims[0], samples if samples is not None else ctx.fresh("samples", 0)], out_dtype,
                      label="draws")


@op("tf.random.shuffle", "tf.random_shuffle")
def random_shuffle(ctx: OpContext, value, seed=None, name=None):
    source = ctx.tensor(value)
    return ctx.same_shape(source) if source is not None else ctx.unknown_tensor()


EXAMPLES = [
    # placeholders
    ok("tf.placeholder", "float32", [None, 784], expect=[None, 784]),
    ok("tf.placeholder", "float32", (2, 3), name="x", expect=[2, 3]),
    ok("tf.placeholder", "float32", expect=UNKNOWN_SHAPE),
    ok("tf.placeholder", "int32", [None], expect=[None]),
    bad("tf.placeholder", "float32", [-1, 784], code=codes.SHAPE_REQUIREMENT,
        message="Error converting shape to a TensorShape: Dimension -1 must be >= 0"),
    ok("tf.placeholder_with_default", T(2, 3), [None, 3], expect=[None, 3]),
    ok("tf.placeholder_with_default", T(2, 3), None, expect=UNKNOWN_SHAPE),
    ok("tf.placeholder_with_default", 1.0, [], expect=[]),
    bad("tf.placeholder_with_default", T(2, 3), [None, 4], code=codes.SET_SHAPE_CONFLICT,
        message="Dimension 1 in both shapes must be equal, but are 3 and 4"),
    bad("tf.placeholder_with_default", T(2, 3), [None], code=codes.SET_SHAPE_CONFLICT,
        message="Shapes must be equal rank, but are 2 and 1"),
    # constants
    ok("tf.constant", [[1.0, 2.0], [3.0, 4.0]], expect=[2, 2]),
    ok("tf.constant", [1, 2, 3], expect=[3]),
    ok("tf.constant", 0.0, shape=[2, 3], expect=[2, 3]),
    ok("tf.constant", A(5, 4), expect=[5, 4]),
    ok("tf.constant", 3, expect=[]),
    ok("tf.constant", [[1, 2, 3]], dtype="float32", expect=[1, 3]),
    bad("tf.constant", [[1, 2], [3]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    bad("tf.constant", [[[1], [2]], [[3], [4, 5]]], code=codes.NUMPY_SHAPE,
        message="setting an array element with a sequence"),
    ok("tf.zeros", [None, 5], expect=[None, 5]),
    ok("tf.zeros", 5, expect=[5]),
    ok("tf.ones", (2, 3), dtype="int32", expect=[2, 3]),
    bad("tf.zeros", [-1, 3], code=codes.SHAPE_REQUIREMENT, message="Fill dimensions must be >= 0"),
    bad("tf.ones", [4, -2], code=codes.SHAPE_REQUIREMENT, message="Fill dimensions must be >= 0"),
    ok("tf.fill", [2, 3], 1.0, expect=[2, 3]),
    ok("tf.fill", T(2, dtype="int32"), 0, expect=[None, None]),
    bad("tf.fill", [2, 3], [1.0, 2.0], code=codes.RANK_MISMATCH, message="Shape must be rank 0 but is rank 1"),
    bad("tf.fill", [-1, 3], 1.0, code=codes.SHAPE_REQUIREMENT, message="Fill dimensions must be >= 0"),
    ok("tf.zeros_like", T(None, 10), expect=[None, 10]),
    ok("tf.ones_like", A(3, 4), expect=[3, 4]),
    ok("tf.zeros_like", input=T(2), expect=[2]),
    ok("tf.ones_like", T(rank_unknown=True), expect=UNKNOWN_SHAPE),
    ok("tf.eye", 3, expect=[3, 3]),
    ok("tf.eye", 3, 4, batch_shape=[5], expect=[5, 3, 4]),
    ok("tf.eye", T(dtype="int32"), expect=[None, None]),
    bad("tf.eye", -1, code=codes.SHAPE_REQUIREMENT, message="Fill dimensions must be >= 0"),
    ok("tf.range", 10, expect=[10]),
    ok("tf.range", 2, 10, 3, expect=[3]),
    ok("tf.range", 0.0, 1.0, 0.3, expect=[4]),
    ok("tf.range", T(dtype="int32"), expect=[None]),
    bad("tf.range", 10, 2, code=codes.SHAPE_REQUIREMENT, message="Requires start <= limit when delta > 0: 10/2"),
    bad("tf.range", 0, 10, 0, code=codes.SHAPE_REQUIREMENT, message="Requires delta != 0"),
    bad("tf.range", 0, 10, -1, code=codes.SHAPE_REQUIREMENT, message="Requires start >= limit when delta < 0: 0/10"),
    ok("tf.linspace", 0.0, 1.0, 5, expect=[5]),
    ok("tf.linspace", T(2), T(2), 5, expect=[5, 2]),
    ok("tf.linspace", T(2), T(2), 5, axis=-1, expect=[2, 5]),
    ok("tf.lin_space", 0.0, 1.0, 11, expect=[11]),  # TF1's name
    bad("tf.linspace", 0.0, 1.0, -1, code=codes.SHAPE_REQUIREMENT,
        message="Requires start <= limit when delta > 0: 1/-1"),
    # random
    ok("tf.random_normal", [2, 3], expect=[2, 3]),
    ok("tf.random.categorical", T(None, 20), 3, expect=[None, 3]),
    ok("tf.multinomial", T(8, 20), 1, expect=[8, 1]),
    bad("tf.random.categorical", T(20), 3, code=codes.RANK_MISMATCH, message="logits should be a matrix, got shape [20]"),
    bad("tf.multinomial", T(2, 3, 20), 1, code=codes.RANK_MISMATCH, message="Shape must be rank 2 but is rank 3",
        target="1.15"),
    ok("tf.random.normal", (128, 64), stddev=0.1, expect=[128, 64]),
    ok("tf.truncated_normal", [5, 5, 1, 32], stddev=0.1, expect=[5, 5, 1, 32]),
    ok("tf.random_uniform", [10], -1.0, 1.0, expect=[10]),
    ok("tf.random.uniform", T(2, dtype="int32"), expect=[None, None]),
    ok("tf.random_uniform", (2, 2), maxval=10, dtype="int32", expect=[2, 2]),
    ok("tf.random.shuffle", T(None, 10), expect=[None, 10]),
    ok("tf.random_shuffle", A(10, 3), expect=[10, 3]),
    ok("tf.random.shuffle", [1, 2, 3], expect=[3]),
    ok("tf.random.shuffle", T(rank_unknown=True), expect=UNKNOWN_SHAPE),
    bad("tf.random_normal", [-1, 3], code=codes.SHAPE_REQUIREMENT, message="Dimension -1 must be >= 0"),
    bad("tf.random.uniform", [3, -1], code=codes.SHAPE_REQUIREMENT, message="Dimension -1 must be >= 0"),
]
