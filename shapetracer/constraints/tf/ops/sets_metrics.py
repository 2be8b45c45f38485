"""Set operations and counting metrics: tf.sets.intersection / difference / union /
size (and TF 1's set_* names), the SparseTensor they return with tf.sparse.to_dense,
and tf.math.confusion_matrix.

References: TensorFlow's DenseToDenseSetOperation shape function and kernel
(set_kernels.cc), python/ops/sets_impl.py and confusion_matrix.py, checked in TF
2.21 in graph mode and eagerly.

Set operations work on the last axis of two dense tensors of rank >= 2 with
the same leading dims.  Graph mode: "Shape must be at least rank 2 but is rank
1", "Shape must be rank 2 but is rank 3" (b's rank against a's), "Dimension 0 in
both shapes must be equal, but are 2 and 3. Shapes are [2] and [3]."; eagerly the
kernel words them "Shape [3] has rank 1 < 2" and "Mismatched shapes [2] vs [3]".
The result is a SparseTensor whose dense shape is the leading dims and a last dim
known only at run time; ``tf.sets.size`` of it has the leading dims (on a dense
tensor it is a TypeError, not a shape matter).

confusion_matrix squeezes a trailing 1 off labels or predictions when their ranks
differ by one (remove_squeezable_dimensions), stacks them (so they need equal
shapes: "Shapes must be equal rank, but are 2 and 1", "Dimension 0 in both
shapes must be equal, but are 3 and 2. Shapes are [3] and [2]."; eagerly "Shapes
of all inputs must match: values[0].shape = [3] != values[1].shape = [2]"), and
scatters them: rank-2 labels (one-hot rows) fail in its ScatterNd unless their
last dim is 2 ("Dimensions [0,2) of indices[shape=[3,2,4]] = [3,2] must match
dimensions [0,2) of updates[shape=[3,4]] = [3,4]: ...").  ``weights`` must be
compatible with predictions ("Shapes (3,) and (4,) are incompatible").  The
result is ``[num_classes, num_classes]``, or two dims known at run time.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, statically_none
from shapetracer.constraints.core import messages
from shapetracer.constraints.core.examples import P, T, bad, instance_of, ok
from shapetracer.constraints.core.spec import UNKNOWN, Obj, OpContext, ShapeVal, Tensor, Value, op

SPARSE = "tf.SparseTensor"


# --- SparseTensor results ---------------------------------------------------------------------

def sparse_result(ctx: OpContext, dims: list[Dim], dtype: str | None) -> Obj:
    """A SparseTensor of dense shape ``dims``: ``values [?]``, ``indices [?, rank]``, ``dense_shape [rank]``."""
    rank = Dim(len(dims))
    count = ctx.fresh("nnz", 0)
    return Obj(SPARSE, {"_shape": ShapeVal(Shape(dims)),
                        "values": ctx.result([count], dtype, label="sparse values of shape"),
                        "indices": ctx.result([count, rank], "int64", label="sparse indices of shape"),
                        "dense_shape": ctx.result([rank], "int64", label="dense shape of shape")}, ctx.site)


def _sparse_dims(value: Any) -> list[Dim] | None:
    if isinstance(value, Obj) and value.type_name == SPARSE:
        shape = value.attrs.get("_shape")
        if isinstance(shape, ShapeVal) and shape.shape.dims is not None:
            return list(shape.shape.dims)
    return None


@op("tf.sparse.to_dense", "tf.sparse_tensor_to_dense")
def sparse_to_dense(ctx: OpContext, sp_input, default_value=None, validate_indices=True, name=None):
    dims = _sparse_dims(sp_input)
    if dims is None:
        return ctx.unknown_tensor()
    values = sp_input.attrs.get("values")
    return ctx.result(dims, values.dtype if isinstance(values, Tensor) else None, label="densified to")


# --- set operations ------------------------------------------------------------------------

def _set_operation(ctx: OpContext, a, b) -> Value:
    x, y = ctx.tensor(a), ctx.tensor(b)
    if _sparse_dims(a) is not None or _sparse_dims(b) is not None:
        dims = _sparse_dims(a) or _sparse_dims(b)
        return sparse_result(ctx, dims[:-1] + [ctx.fresh("set_size", 0)], None)
    if x is None or y is None or x.shape.dims is None or y.shape.dims is None:
        return UNKNOWN
    eager = not ctx.graph.mode
    for t in (x, y):
        if t.shape.rank < 2:
            words = (Message("Shape {shape:tf} has rank {rank} < 2", shape=t.shape, rank=t.shape.rank) if eager
                     else messages.shape_must_be_at_least_rank(2, t.shape.rank))
            ctx.fail(codes.RANK_MISMATCH, ctx.msg(words), [t])
            return UNKNOWN
    lead_a, lead_b = list(x.shape.dims[:-1]), list(y.shape.dims[:-1])
    mismatch = Message("Mismatched shapes {shape_a:tf} vs {shape_b:tf}", shape_a=lead_a, shape_b=lead_b)
    if x.shape.rank != y.shape.rank:
        words = mismatch if eager else messages.shape_must_be_rank(x.shape.rank, y.shape.rank)
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(words), [x, y])
        return UNKNOWN
    for index, (p, q) in enumerate(zip(lead_a, lead_b)):
        words = mismatch if eager else messages.dimension_in_both_shapes(index, p, q, lead_a, lead_b)
        if p.known and q.known and p.value != q.value:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(words), [x, y])
            return UNKNOWN
        if not ctx.require(p.eq(q), codes.SHAPE_REQUIREMENT, ctx.msg(words), [x, y, p, q]):
            return UNKNOWN
    lead = [p if p.known or not q.known else q for p, q in zip(lead_a, lead_b)]
    return sparse_result(ctx, lead + [ctx.fresh("set_size", 0)], x.dtype)


@op("tf.sets.intersection", "tf.sets.set_intersection")
def intersection(ctx: OpContext, a, b, validate_indices=True):
    return _set_operation(ctx, a, b)


@op("tf.sets.difference", "tf.sets.set_difference")
def difference(ctx: OpContext, a, b, aminusb=True, validate_indices=True):
    return _set_operation(ctx, a, b)


@op("tf.sets.union", "tf.sets.set_union")
def union(ctx: OpContext, a, b, validate_indices=True):
    return _set_operation(ctx, a, b)


@op("tf.sets.size", "tf.sets.set_size")
def size(ctx: OpContext, a, validate_indices=True):
    dims = _sparse_dims(a)
    if dims is None or not dims:
        return UNKNOWN  # a dense tensor: TypeError "Expected `SparseTensor`"
    return ctx.result(dims[:-1], "int32", label="set sizes of shape")


# --- confusion_matrix -------------------------------------------------------------------------

def _squeezed(ctx: OpContext, labels: Tensor, predictions: Tensor) -> tuple[list[Dim], list[Dim]] | None:
    """remove_squeezable_dimensions: a trailing dim of 1 comes off the operand of higher rank."""
    a, b = list(labels.shape.dims), list(predictions.shape.dims)
    for longer, shorter, who in ((b, a, "predictions"), (a, b, "labels")):
        if len(longer) != len(shorter) + 1:
            continue
        last = longer[-1]
        if last.known and last.value != 1:
            return a, b  # no squeeze: the ranks stay apart
        if not last.known:
            message = (ctx.msg("Can not squeeze dim[{axis}], expected a dimension of 1, got {dim}",
                               axis=len(longer) - 1, dim=last) if statically_none(last) else
                       ctx.msg(messages.shapes_must_be_equal_rank(len(a), len(b))))
            if not ctx.require(last.eq(1), codes.LABELS_LOGITS, message, [labels, predictions, last]):
                return None
        longer.pop()
        return a, b
    return a, b


def _confusion(ctx: OpContext, labels, predictions, num_classes, weights, dtype) -> Value:
    y, p = ctx.tensor(labels), ctx.tensor(predictions)
    classes = ctx.dim(num_classes) if not ctx.is_none(num_classes) else None

    def result() -> Tensor:
        n = classes or ctx.fresh("classes")
        return ctx.result([n, n], "int32", label="confusion matrix of shape")

    if y is None or p is None or y.shape.dims is None or p.shape.dims is None:
        return result()
    squeezed = _squeezed(ctx, y, p)
    if squeezed is None:
        return UNKNOWN
    a, b = squeezed
    eager = not ctx.graph.mode
    stack = Message("Shapes of all inputs must match: values[0].shape = {shape_a:tf} != values[1].shape = "
                    "{shape_b:tf}", shape_a=a, shape_b=b)
    if len(a) != len(b):
        words = stack if eager else messages.shapes_must_be_equal_rank(len(a), len(b))
        ctx.fail(codes.LABELS_LOGITS, ctx.msg(words), [y, p])
        return UNKNOWN
    for index, (u, v) in enumerate(zip(a, b)):
        words = stack if eager else messages.dimension_in_both_shapes(index, u, v, a, b)
        if u.known and v.known and u.value != v.value:
            ctx.fail(codes.LABELS_LOGITS, ctx.msg(words), [y, p])
            return UNKNOWN
        if not ctx.require(u.eq(v), codes.LABELS_LOGITS, ctx.msg(words), [y, p, u, v]):
            return UNKNOWN
    if len(a) == 2 and a[1].known and a[1].value != 2:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Dimensions [0,2) of indices[shape={indices_shape:tf}] = {shape_a:tf} "
                                              "must match dimensions [0,2) of updates[shape={shape_b:tf}] = "
                                              "{shape_b:tf}: ",
                                              messages.dimension_in_both_shapes(1, 2, a[1], [a[0], 2], a),
                                              " (labels and predictions must be vectors of class ids, not one-hot "
                                              "rows)", indices_shape=[a[0], 2, a[1]]), [y, p])
        return UNKNOWN
    w = ctx.tensor(weights) if not ctx.is_none(weights) else None
    if w is not None and w.shape.dims is not None:
        clash = len(w.shape.dims) != len(b) or any(
            s.known and t.known and s.value != t.value for s, t in zip(w.shape.dims, b))
        if clash:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Shapes {shape_a:tuple} and {shape_b:tuple} are incompatible "
                                                      "(predictions vs weights)", shape_a=b, shape_b=w.shape), [w, p])
            return UNKNOWN
    return result()


@op("tf.math.confusion_matrix")
def confusion_matrix(ctx: OpContext, labels, predictions, num_classes=None, weights=None, dtype=None, name=None):
    return _confusion(ctx, labels, predictions, num_classes, weights, dtype)


@op("tf.confusion_matrix")
def confusion_matrix_v1(ctx: OpContext, labels, predictions, num_classes=None, dtype=None, name=None,
                        weights=None):
    """TF 1's argument order (dtype and name before weights)."""
    return _confusion(ctx, labels, predictions, num_classes, weights, dtype)


# --- examples ----------------------------------------------------------------------------------

def _sparse(*dims: int) -> Obj:
    return Obj(SPARSE, {"_shape": ShapeVal(Shape.of(*dims)), "values": T(None, dtype="int32")})


_I = "int32"

EXAMPLES = [
    ok("tf.sets.intersection", T(2, 3, dtype=_I), T(2, 5, dtype=_I), expect=instance_of(SPARSE)),
    ok("tf.sets.set_intersection", T(None, 3, dtype=_I), T(None, 5, dtype=_I), expect=instance_of(SPARSE)),
    ok("tf.sets.set_union", T(4, 2, 3, dtype=_I), T(4, 2, 7, dtype=_I), expect=instance_of(SPARSE)),
    ok("tf.sets.difference", P(None, 5, dtype=_I), T(2, 3, dtype=_I), expect=instance_of(SPARSE)),
    ok("tf.sets.union", _sparse(2, 3), T(2, 4, dtype=_I), expect=instance_of(SPARSE)),
    bad("tf.sets.intersection", T(3, dtype=_I), T(3, dtype=_I), code=codes.RANK_MISMATCH,
        message="Shape [3] has rank 1 < 2"),
    bad("tf.sets.set_difference", T(2, 3, dtype=_I), T(2, 3, 4, dtype=_I), code=codes.RANK_MISMATCH,
        message="Mismatched shapes [2] vs [2,3]"),
    bad("tf.sets.intersection", T(2, 3, dtype=_I), T(3, 2, dtype=_I), code=codes.SHAPE_REQUIREMENT,
        message="Mismatched shapes [2] vs [3]"),
    bad("tf.sets.set_union", T(2, 3, 4, dtype=_I), T(2, 5, 4, dtype=_I), code=codes.SHAPE_REQUIREMENT,
        message="Mismatched shapes [2,3] vs [2,5]"),
    ok("tf.sets.size", _sparse(2, 3), expect=[2]),
    ok("tf.sets.set_size", _sparse(4, 2, 3), expect=[4, 2]),
    ok("tf.sets.size", T(2, 3, dtype=_I), expect=UNKNOWN),  # TypeError: a dense tensor
    ok("tf.sparse.to_dense", _sparse(2, 3), expect=[2, 3]),
    ok("tf.sparse_tensor_to_dense", _sparse(5, 1), expect=[5, 1]),
    ok("tf.math.confusion_matrix", T(3, dtype=_I), T(3, dtype=_I), expect=[None, None]),
    ok("tf.math.confusion_matrix", T(3, dtype=_I), T(3, dtype=_I), num_classes=5, expect=[5, 5]),
    ok("tf.math.confusion_matrix", T(3, 1, dtype=_I), T(3, dtype=_I), 4, expect=[4, 4]),
    ok("tf.math.confusion_matrix", T(None, dtype=_I), T(None, dtype=_I), 7, weights=T(None), expect=[7, 7]),
    ok("tf.confusion_matrix", T(3, dtype=_I), T(3, 1, dtype=_I), 4, expect=[4, 4]),
    ok("tf.math.confusion_matrix", T(8, 2, dtype=_I), T(8, 2, dtype=_I), 4, expect=[4, 4]),
    bad("tf.math.confusion_matrix", T(3, dtype=_I), T(2, dtype=_I), code=codes.LABELS_LOGITS,
        message="Shapes of all inputs must match: values[0].shape = [3] != values[1].shape = [2]"),
    bad("tf.confusion_matrix", T(3, 4, dtype=_I), T(3, dtype=_I), 4, code=codes.LABELS_LOGITS,
        message="values[0].shape = [3,4] != values[1].shape = [3]"),
    bad("tf.math.confusion_matrix", T(3, 4, dtype=_I), T(3, 4, dtype=_I), 4, code=codes.RANK_MISMATCH,
        message="Dimensions [0,2) of indices[shape=[3,2,4]] = [3,2] must match dimensions [0,2) of "
                "updates[shape=[3,4]] = [3,4]"),
    bad("tf.math.confusion_matrix", T(3, dtype=_I), T(3, dtype=_I), 4, weights=T(4), code=codes.SHAPE_REQUIREMENT,
        message="Shapes (3,) and (4,) are incompatible"),
    bad("tf.confusion_matrix", T(None, 10, dtype=_I), T(None, dtype=_I), 10, code=codes.LABELS_LOGITS,
        message="values[0].shape = [?,10] != values[1].shape = [?]"),
]
