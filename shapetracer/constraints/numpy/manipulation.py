"""numpy shape manipulation: reshape, transpose/.T, expand_dims, squeeze,
swapaxes, moveaxis, ravel/flatten, copy, astype, tile, repeat, pad — as
functions and as ndarray methods.

Reference: numpy 2.x.  Wording reused: "cannot reshape array of size 6 into
shape (4,)" (a -1 renders as ``newaxis``; numpy >= 2 treats every negative
entry as the unknown one), "can only specify one unknown dimension", "axes
don't match array", "repeated axis in transpose", "axis 3 is out of bounds for
array of dimension 3", "cannot select an axis to squeeze out which has size
not equal to one", and np.pad's "operands could not be broadcast together
with remapped shapes [original->remapped]: (3,)  and requested shape (2,2)".

``np.squeeze`` without an axis drops the dims that are 1; a symbolic dim may
or may not be 1, so the result's rank is then unknown (never a guess).
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import normalize_axis
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.arrays import array_result, as_array, numpy_dtype, same_array, unknown_array
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Seq, Tensor
from shapetracer.constraints.core import messages


def known_array(ctx: OpContext, value: Any) -> Tensor | None:
    """The argument as an array of known rank, else None (the result is then unknown)."""
    array = as_array(ctx, value)
    return array if array is not None and array.shape.dims is not None else None


def check_axis(ctx: OpContext, value: Any, ndim: int, extra: int = 0, prefix: Message | str = "") -> int | None:
    """A known axis made non-negative; reports numpy's AxisError (ST107) when out of range.

    Returns None both for an unknown axis and after a report (``ctx.failed``).
    """
    axis = ctx.int(value)
    if axis is None:
        return None
    normal = normalize_axis(axis, ndim, extra)
    if normal is None:
        ctx.fail(codes.AXIS_RANGE, ctx.msg(prefix, messages.np_axis_out_of_bounds(axis, ndim + extra)))
    return normal


def axis_list(ctx: OpContext, value: Any) -> list[Any] | None:
    """An axis argument that may be one int or a sequence of them."""
    if ctx.int(value) is not None:
        return [value]
    return ctx.items(value)


# --- reshape ------------------------------------------------------------------

def quotient(dims: tuple[Dim, ...], divisor: list[Dim]) -> Dim:
    """prod(dims) / prod(divisor), cancelling identical symbolic dims first so that
    ``[n, 28, 28]`` over ``[784]`` stays ``n`` rather than ``(n*784)/784``."""
    numerator = [d for d in dims if not d.known]
    known_num = Shape([d for d in dims if d.known]).num_elements()
    known_div = Shape([d for d in divisor if d.known]).num_elements()
    for dim in (d for d in divisor if not d.known):
        match = next((n for n in numerator if n.same_as(dim)), None)
        if match is None:
            return Shape(list(dims)).num_elements().floordiv(Shape(divisor).num_elements())
        numerator.remove(match)
    if known_div.value == 0 or known_num.value % known_div.value:
        return Shape(list(dims)).num_elements().floordiv(Shape(divisor).num_elements())
    result = Dim(known_num.value // known_div.value, known_num.origins)
    for dim in numerator:
        result = result * dim
    return result


def reshape_array(ctx: OpContext, a: Any, shape: Any) -> Tensor:
    x = known_array(ctx, a)
    target = ctx.shape_arg(shape)
    dtype = x.dtype if x is not None else None
    if x is None and target is not None:
        return _reshape_unknown_rank(ctx, as_array(ctx, a), target)
    if x is None or target is None:
        return unknown_array(ctx, dtype)
    if any(d is None for d in target):
        # an unreadable entry: the known ones stay, but a -1 is not a length
        return array_result(ctx, [d if d is not None and not (d.known and d.value < 0) else ctx.fresh("n", lower=0)
                                  for d in target], dtype, label="reshaped to")
    dims: list[Dim] = target
    inferred = [i for i, d in enumerate(dims) if d.known and d.value < 0]
    if len(inferred) > 1:
        ctx.fail(codes.RESHAPE_TWO_UNKNOWN, ctx.msg("can only specify one unknown dimension"), [x])
        return unknown_array(ctx, dtype)
    size = x.shape.num_elements()
    message = ctx.msg("cannot reshape array of size {size} into shape {new_shape:np_target}", size=size, new_shape=dims)
    if not inferred:
        if not ctx.require(size.eq(Shape(dims).num_elements()), codes.RESHAPE_SIZE, message, [x] + dims):
            return unknown_array(ctx, dtype)
        return array_result(ctx, dims, dtype, label="reshaped to")
    others = [d for i, d in enumerate(dims) if i != inferred[0]]
    product = Shape(others).num_elements()
    if product.known and product.value == 0:
        return unknown_array(ctx, dtype)
    if not ctx.require(size.mod(product).eq(0), codes.RESHAPE_SIZE, message, [x] + others):
        return unknown_array(ctx, dtype)
    dims[inferred[0]] = quotient(x.shape.dims, others)
    return array_result(ctx, dims, dtype, label="reshaped to")


def _reshape_unknown_rank(ctx: OpContext, x: Tensor | None, target: list) -> Tensor:
    """An array whose rank comes from a file (``np.load``) reshaped to a spelled-out shape:
    if numpy does not raise, the result has that shape (one ``-1`` a length >= 0)."""
    dtype = x.dtype if x is not None else None
    if x is None or any(d is None for d in target):
        return unknown_array(ctx, dtype)
    negative = [d for d in target if d.known and d.value < 0]
    if len(negative) > 1 or any(d.value != -1 for d in negative):
        return unknown_array(ctx, dtype)  # numpy raises: left to what knows the size
    return array_result(ctx, [ctx.fresh("n", lower=0) if d.known and d.value < 0 else d for d in target],
                        dtype, label="reshaped to")


@op("np.reshape")
def reshape(ctx: OpContext, a, shape=None, order="C", *, newshape=None, copy=None):
    """``newshape=`` is the spelling numpy < 2.1 used; old scripts still pass it."""
    return reshape_array(ctx, a, newshape if ctx.is_none(shape) else shape)


@op("ndarray.reshape")
def ndarray_reshape(ctx: OpContext, self, *shape, order="C", copy=None):
    if not shape:
        return unknown_array(ctx)
    return reshape_array(ctx, self, shape[0] if len(shape) == 1 else Seq(list(shape), "tuple"))


# --- axis permutations ----------------------------------------------------------

def transpose_array(ctx: OpContext, a: Any, axes: list[Any] | None) -> Tensor:
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx)
    ndim = x.shape.rank
    if axes is None:
        return array_result(ctx, list(reversed(x.shape.dims)), x.dtype, label="transposed to")
    if len(axes) != ndim:
        ctx.fail(codes.BAD_PERMUTATION, ctx.msg("axes don't match array"), [x])
        return unknown_array(ctx, x.dtype)
    perm = [check_axis(ctx, axis, ndim) for axis in axes]
    if ctx.failed or any(p is None for p in perm):
        return unknown_array(ctx, x.dtype)
    if len(set(perm)) != len(perm):
        ctx.fail(codes.BAD_PERMUTATION, ctx.msg("repeated axis in transpose"), [x])
        return unknown_array(ctx, x.dtype)
    return array_result(ctx, [x.shape.dims[p] for p in perm], x.dtype, label="transposed to")


@op("np.transpose")
def transpose(ctx: OpContext, a, axes=None):
    return transpose_array(ctx, a, None if ctx.is_none(axes) else axis_list(ctx, axes))


@op("ndarray.transpose")
def ndarray_transpose(ctx: OpContext, self, *axes):
    if not axes or (len(axes) == 1 and ctx.is_none(axes[0])):
        return transpose_array(ctx, self, None)
    if len(axes) == 1:
        return transpose_array(ctx, self, axis_list(ctx, axes[0]))
    return transpose_array(ctx, self, list(axes))


@op("ndarray.T")
def ndarray_T(ctx: OpContext, self):
    return transpose_array(ctx, self, None)


@op("np.swapaxes", "ndarray.swapaxes")
def swapaxes(ctx: OpContext, a, axis1, axis2):
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx)
    first = check_axis(ctx, axis1, x.shape.rank, prefix=Message("{arg}: ", arg="axis1"))
    second = check_axis(ctx, axis2, x.shape.rank, prefix=Message("{arg}: ", arg="axis2")) if not ctx.failed else None
    if first is None or second is None:
        return unknown_array(ctx, x.dtype)
    dims = list(x.shape.dims)
    dims[first], dims[second] = dims[second], dims[first]
    return array_result(ctx, dims, x.dtype, label="transposed to")


def _axes_argument(ctx: OpContext, value: Any, ndim: int, which: str) -> list[int] | None:
    axes = axis_list(ctx, value)
    if axes is None:
        return None
    normal = []
    for axis in axes:
        position = check_axis(ctx, axis, ndim, prefix=Message("{arg}: ", arg=which))
        if position is None:
            return None
        normal.append(position)
    if len(set(normal)) != len(normal):
        ctx.fail(codes.AXIS_RANGE, ctx.msg("repeated axis in `{arg}` argument", arg=which))
        return None
    return normal


@op("np.moveaxis")
def moveaxis(ctx: OpContext, a, source, destination):
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx)
    ndim = x.shape.rank
    src = _axes_argument(ctx, source, ndim, "source")
    dst = _axes_argument(ctx, destination, ndim, "destination") if src is not None else None
    if src is None or dst is None:
        return unknown_array(ctx, x.dtype)
    if len(src) != len(dst):
        ctx.fail(codes.ARG_LENGTH, ctx.msg("`source` and `destination` arguments must have the same number of "
                                           "elements"))
        return unknown_array(ctx, x.dtype)
    order = [n for n in range(ndim) if n not in src]
    for to, frm in sorted(zip(dst, src)):
        order.insert(to, frm)
    return array_result(ctx, [x.shape.dims[i] for i in order], x.dtype, label="transposed to")


# --- adding and removing unit axes ------------------------------------------------

@op("np.expand_dims")
def expand_dims(ctx: OpContext, a, axis):
    x = known_array(ctx, a)
    axes = axis_list(ctx, axis)
    if x is None or axes is None:
        return unknown_array(ctx, x.dtype if x is not None else None)
    ndim = x.shape.rank + len(axes)
    positions = [check_axis(ctx, item, ndim) for item in axes]
    if ctx.failed or any(p is None for p in positions):
        return unknown_array(ctx, x.dtype)
    if len(set(positions)) != len(positions):
        ctx.fail(codes.AXIS_RANGE, ctx.msg("repeated axis"), [x])
        return unknown_array(ctx, x.dtype)
    rest = iter(x.shape.dims)
    dims = [Dim(1) if i in positions else next(rest) for i in range(ndim)]
    return array_result(ctx, dims, x.dtype, label="expanded to")


def squeeze_array(ctx: OpContext, a: Any, axis: Any) -> Tensor:
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx)
    dims = list(x.shape.dims)
    if ctx.is_none(axis):
        if any(not d.known for d in dims):
            return unknown_array(ctx, x.dtype)  # a symbolic dim may be 1 and vanish
        return array_result(ctx, [d for d in dims if d.value != 1], x.dtype, label="squeezed to")
    axes = axis_list(ctx, axis)
    if axes is None:
        return unknown_array(ctx, x.dtype)
    positions = [check_axis(ctx, item, len(dims)) for item in axes]
    if ctx.failed or any(p is None for p in positions):
        return unknown_array(ctx, x.dtype)
    for position in positions:
        dim = dims[position]
        if not ctx.require(dim.eq(1), codes.SHAPE_REQUIREMENT, ctx.msg("cannot select an axis to squeeze out which "
                                                                       "has size not equal to one"), [dim, x]):
            return unknown_array(ctx, x.dtype)
    return array_result(ctx, [d for i, d in enumerate(dims) if i not in positions], x.dtype,
                        label="squeezed to")


@op("np.squeeze")
def squeeze(ctx: OpContext, a, axis=None):
    return squeeze_array(ctx, a, axis)


@op("ndarray.squeeze")
def ndarray_squeeze(ctx: OpContext, self, axis=None):
    return squeeze_array(ctx, self, axis)


# --- same data, other view ----------------------------------------------------------

def _flat(ctx: OpContext, a: Any) -> Tensor:
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx)
    return array_result(ctx, [x.shape.num_elements()], x.dtype, label="flattened to")


@op("np.ravel")
def ravel(ctx: OpContext, a, order="C"):
    return _flat(ctx, a)


@op("ndarray.ravel", "ndarray.flatten")
def ndarray_ravel(ctx: OpContext, self, order="C"):
    return _flat(ctx, self)


@op("np.copy")
def copy(ctx: OpContext, a, order="K", subok=False):
    x = known_array(ctx, a)
    return same_array(x) if x is not None else unknown_array(ctx)


@op("ndarray.copy")
def ndarray_copy(ctx: OpContext, self, order="C"):
    x = known_array(ctx, self)
    return same_array(x) if x is not None else unknown_array(ctx)


@op("ndarray.astype")
def astype(ctx: OpContext, self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    x = known_array(ctx, self)
    wanted = numpy_dtype(ctx, dtype, None)
    return same_array(x, wanted) if x is not None else unknown_array(ctx, wanted)


# --- repetition and padding -----------------------------------------------------------

@op("np.tile")
def tile(ctx: OpContext, A, reps):
    x = known_array(ctx, A)
    counts = ctx.shape_arg(reps)
    if x is None or counts is None:
        return unknown_array(ctx, x.dtype if x is not None else None)
    if any(c is not None and c.known and c.value < 0 for c in counts):
        ctx.fail(codes.NUMPY_SHAPE, ctx.msg("negative dimensions are not allowed"), [x])
        return unknown_array(ctx, x.dtype)
    rank = max(len(counts), x.shape.rank)
    dims = [Dim(1)] * (rank - x.shape.rank) + list(x.shape.dims)
    counts = [Dim(1)] * (rank - len(counts)) + counts
    tiled = [d * c if c is not None else ctx.fresh("n", lower=0) for d, c in zip(dims, counts)]
    return array_result(ctx, tiled, x.dtype, label="tiled to")


def _repeated_length(ctx: OpContext, length: Dim, repeats: Any, x: Tensor) -> Dim | None:
    """The new length of a repeated axis; None after a reported failure."""
    scalar = ctx.dim(repeats)
    if scalar is not None:
        if scalar.known and scalar.value < 0:
            ctx.fail(codes.NUMPY_SHAPE, ctx.msg("negative dimensions are not allowed"), [scalar])
            return None
        return length * scalar
    counts = as_array(ctx, repeats)
    if counts is None or counts.shape.rank != 1:
        return ctx.fresh("n", lower=0)
    given = counts.shape.dims[0]
    message = ctx.msg(messages.np_cannot_broadcast(([length], [given]), noun="shape"))
    if not (given.known and given.value == 1) and not ctx.require(length.eq(given), codes.ARG_LENGTH, message,
                                                                  [length, given, x]):
        return None
    values = ctx.int_list(repeats)
    if values is None:
        return ctx.fresh("n", lower=0)
    return length * values[0] if len(values) == 1 else Dim(sum(values), frozenset({ctx.site}))


def repeat_array(ctx: OpContext, a: Any, repeats: Any, axis: Any) -> Tensor:
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx)
    if ctx.is_none(axis):
        length = _repeated_length(ctx, x.shape.num_elements(), repeats, x)
        return array_result(ctx, [length], x.dtype, label="repeated to") if length is not None \
            else unknown_array(ctx, x.dtype)
    position = check_axis(ctx, axis, x.shape.rank)
    if position is None:
        return unknown_array(ctx, x.dtype)
    dims = list(x.shape.dims)
    length = _repeated_length(ctx, dims[position], repeats, x)
    if length is None:
        return unknown_array(ctx, x.dtype)
    dims[position] = length
    return array_result(ctx, dims, x.dtype, label="repeated to")


@op("np.repeat")
def repeat(ctx: OpContext, a, repeats, axis=None):
    return repeat_array(ctx, a, repeats, axis)


@op("ndarray.repeat")
def ndarray_repeat(ctx: OpContext, self, repeats, axis=None):
    return repeat_array(ctx, self, repeats, axis)


def _pad_table(ctx: OpContext, pad_width: Any, ndim: int) -> list[tuple[Dim | None, Dim | None]] | None:
    """pad_width broadcast to ``(ndim, 2)`` as numpy does; None when unreadable or after a report."""
    single = ctx.dim(pad_width)
    rows = [pad_width] if single is not None else ctx.items(pad_width)
    if rows is None:
        return None
    nested = [ctx.items(row) if ctx.dim(row) is None else None for row in rows]
    if all(n is None for n in nested):
        table, shape = [[ctx.dim(row) for row in rows]], (len(rows),)
    elif all(n is not None for n in nested) and len({len(n) for n in nested}) == 1:
        table = [[ctx.dim(v) for v in n] for n in nested]
        shape = (len(rows), len(nested[0]))
    else:
        return None  # ragged: np.asarray raises first
    columns_fit = shape[-1] in (1, 2)
    rows_fit = len(shape) == 1 or shape[0] in (1, ndim)
    if not (columns_fit and rows_fit) or not table[0]:
        ctx.fail(codes.ARG_LENGTH, ctx.msg(messages.np_cannot_broadcast_remapped([shape], (ndim, 2))))
        return None
    if any(v is not None and v.known and v.value < 0 for row in table for v in row):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("index can't contain negative values"))
        return None
    pairs = [(row[0], row[-1]) for row in table]
    return pairs * ndim if len(pairs) == 1 else pairs


@op("np.pad")
def pad(ctx: OpContext, array, pad_width, mode="constant", **kwargs):
    x = known_array(ctx, array)
    if x is None:
        return unknown_array(ctx)
    table = _pad_table(ctx, pad_width, x.shape.rank)
    if table is None:
        if ctx.failed:
            return unknown_array(ctx, x.dtype)
        return array_result(ctx, [ctx.fresh("n") for _ in x.shape.dims], x.dtype, label="padded to")
    dims = [d + before + after if before is not None and after is not None else ctx.fresh("n")
            for d, (before, after) in zip(x.shape.dims, table)]
    return array_result(ctx, dims, x.dtype, label="padded to")


EXAMPLES = [
    ok("np.reshape", A(6), (2, 3), expect=[2, 3]),
    ok("np.reshape", T(dtype="float64", kind="ndarray", rank_unknown=True), (1, 224, 224, 3), expect=[1, 224, 224, 3]),  # np.load's array
    ok("np.reshape", T(dtype="float64", kind="ndarray", rank_unknown=True), (-1, 4), expect=[None, 4]),
    ok("np.reshape", A(None, 28, 28), (-1, 784), expect=[None, 784]),
    ok("np.reshape", A(4, 5), [-1], expect=[20]),
    ok("np.reshape", A(6), newshape=(3, 2), expect=[3, 2]),
    bad("np.reshape", A(6), (4,), code=codes.RESHAPE_SIZE, message="cannot reshape array of size 6 into shape (4,)"),
    bad("np.reshape", A(2, 3), (4, -1), code=codes.RESHAPE_SIZE,
        message="cannot reshape array of size 6 into shape (4,newaxis)"),
    bad("np.reshape", A(5, 10), (-1, 3, 7), code=codes.RESHAPE_SIZE,
        message="cannot reshape array of size 50 into shape (3,7)"),
    bad("np.reshape", A(6), (-1, -1), code=codes.RESHAPE_TWO_UNKNOWN, message="can only specify one unknown dimension"),
    ok("ndarray.reshape", A(6), 2, 3, expect=[2, 3]),
    ok("ndarray.reshape", A(5), (1, 1, -1, 1), expect=[1, 1, 5, 1]),
    ok("ndarray.reshape", A(64, 64, 3), 1, 64, 64, 3, expect=[1, 64, 64, 3]),
    bad("ndarray.reshape", A(64, 64), 1, 64, 64, 3, code=codes.RESHAPE_SIZE,
        message="cannot reshape array of size 4096 into shape (1,64,64,3)"),
    ok("ndarray.reshape", A(None, 10), (-1, 3, 7), expect=[None, 3, 7]),  # fits when the batch is a multiple of 21
    bad("ndarray.reshape", A(None, 10), (5, 3), code=codes.RESHAPE_SIZE,
        message="cannot reshape array of size ? into shape (5,3)"),
    ok("np.transpose", A(2, 3), expect=[3, 2]),
    ok("np.transpose", A(2, 3, 4), (0, 2, 1), expect=[2, 4, 3]),
    ok("np.transpose", A(2, 3), (-1, 0), expect=[3, 2]),
    bad("np.transpose", A(2, 3), (1, 0, 2), code=codes.BAD_PERMUTATION, message="axes don't match array"),
    bad("np.transpose", A(2, 3), (1, 1), code=codes.BAD_PERMUTATION, message="repeated axis in transpose"),
    bad("np.transpose", A(2, 3), (0, 2), code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.transpose", A(2, 3, 4), 2, 0, 1, expect=[4, 2, 3]),
    ok("ndarray.transpose", A(2, 3, 4), (2, 0, 1), expect=[4, 2, 3]),
    ok("ndarray.transpose", A(2, 3), expect=[3, 2]),
    bad("ndarray.transpose", A(2, 3, 4), 1, 0, code=codes.BAD_PERMUTATION, message="axes don't match array"),
    ok("ndarray.T", A(None, 10), expect=[10, None]),
    ok("ndarray.T", A(5), expect=[5]),
    ok("ndarray.T", A(2, 3, 4), expect=[4, 3, 2]),
    ok("np.swapaxes", A(2, 3, 4), 0, 2, expect=[4, 3, 2]),
    ok("ndarray.swapaxes", A(2, 3), -1, 0, expect=[3, 2]),
    bad("np.swapaxes", A(2, 3), 0, 2, code=codes.AXIS_RANGE,
        message="axis2: axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.swapaxes", A(2, 3), -3, 0, code=codes.AXIS_RANGE,
        message="axis1: axis -3 is out of bounds for array of dimension 2"),
    ok("np.moveaxis", A(2, 3, 4), 0, -1, expect=[3, 4, 2]),
    ok("np.moveaxis", A(2, 3, 4), [0, 1], [2, 0], expect=[3, 4, 2]),
    bad("np.moveaxis", A(2, 3, 4), 0, 3, code=codes.AXIS_RANGE,
        message="destination: axis 3 is out of bounds for array of dimension 3"),
    bad("np.moveaxis", A(2, 3), (0, 1), 0, code=codes.ARG_LENGTH,
        message="`source` and `destination` arguments must have the same number of"),
    bad("np.moveaxis", A(2, 3), (0, 0), (0, 1), code=codes.AXIS_RANGE, message="repeated axis in `source` argument"),
    ok("np.expand_dims", A(28, 28), 0, expect=[1, 28, 28]),
    ok("np.expand_dims", A(28, 28), -1, expect=[28, 28, 1]),
    ok("np.expand_dims", A(3), (0, -1), expect=[1, 3, 1]),
    bad("np.expand_dims", A(2, 3), 3, code=codes.AXIS_RANGE,
        message="axis 3 is out of bounds for array of dimension 3"),
    bad("np.expand_dims", A(2, 3), -4, code=codes.AXIS_RANGE,
        message="axis -4 is out of bounds for array of dimension 3"),
    bad("np.expand_dims", A(3), (0, 0), code=codes.AXIS_RANGE, message="repeated axis"),
    ok("np.squeeze", A(1, 3, 1), expect=[3]),
    ok("np.squeeze", A(None, 1), axis=1, expect=[None]),
    ok("np.squeeze", A(1, 3, 1), axis=(0, 2), expect=[3]),
    ok("np.squeeze", A(None, 1), expect=UNKNOWN_SHAPE),  # rank unknown: the batch may be 1
    bad("np.squeeze", A(2, 3), 1, code=codes.SHAPE_REQUIREMENT,
        message="cannot select an axis to squeeze out which has size not equal to one"),
    bad("np.squeeze", A(2, 3), 2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.squeeze", A(1, 10), expect=[10]),
    bad("ndarray.squeeze", A(1, 3), axis=(0, 1), code=codes.SHAPE_REQUIREMENT,
        message="cannot select an axis to squeeze out which has size not equal to one"),
    ok("np.ravel", A(None, 3), expect=[None]),
    ok("np.ravel", [[1, 2], [3, 4]], expect=[4]),
    ok("ndarray.flatten", A(2, 3, 4), expect=[24]),
    ok("ndarray.ravel", A(5, 5), expect=[25]),
    ok("np.copy", A(2, 3), expect=[2, 3]),
    ok("ndarray.copy", A(None), expect=[None]),
    ok("ndarray.astype", A(2, 3), "float32", expect=[2, 3]),
    ok("ndarray.astype", A(None, 784), "uint8", expect=[None, 784]),
    ok("np.tile", A(2, 3), 2, expect=[2, 6]),
    ok("np.tile", A(2, 3), (2, 1, 1), expect=[2, 2, 3]),
    ok("np.tile", 5, 3, expect=[3]),
    ok("np.tile", A(None, 3), (1, 4), expect=[None, 12]),
    bad("np.tile", A(3), (2, -1), code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    ok("np.repeat", A(2, 3), 2, expect=[12]),
    ok("np.repeat", A(2, 3), 2, axis=1, expect=[2, 6]),
    ok("np.repeat", A(2, 3), [1, 2, 3], axis=1, expect=[2, 6]),
    ok("np.repeat", A(2, 3), [3], axis=1, expect=[2, 9]),
    bad("np.repeat", A(2, 3), [1, 2], axis=1, code=codes.ARG_LENGTH,
        message="operands could not be broadcast together with shape (3,) (2,)"),
    bad("np.repeat", A(2, 3), [1, 2], code=codes.ARG_LENGTH,
        message="operands could not be broadcast together with shape (6,) (2,)"),
    bad("np.repeat", A(2, 3), 2, axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.repeat", A(4), 3, expect=[12]),
    bad("ndarray.repeat", A(3), -1, code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    ok("np.pad", A(2, 3), 1, expect=[4, 5]),
    ok("np.pad", A(2, 3), ((1, 2), (3, 4)), expect=[5, 10]),
    ok("np.pad", A(2, 3), (1, 2), expect=[5, 6]),
    ok("np.pad", A(2, 3), ((1,), (2,)), expect=[4, 7]),
    ok("np.pad", A(None, 28, 28), ((0, 0), (2, 2), (2, 2)), mode="edge", expect=[None, 32, 32]),
    bad("np.pad", A(2, 3), ((1, 2), (3, 4), (1, 1)), code=codes.ARG_LENGTH,
        message="operands could not be broadcast together with remapped shapes"),
    bad("np.pad", A(2, 3), (1, 2, 3), code=codes.ARG_LENGTH,
        message="operands could not be broadcast together with remapped shapes"),
    bad("np.pad", A(2, 3), -1, code=codes.SHAPE_REQUIREMENT, message="index can't contain negative values"),
]
