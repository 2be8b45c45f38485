"""Losses: tf.nn.*_cross_entropy_with_logits, l2_loss, nce/sampled softmax, and the TF1
tf.losses.* / tf.compat.v1.losses.* family.

Reference: TensorFlow 2.21's nn_ops.py / losses_impl.py and the kernels behind them.

- softmax_cross_entropy_with_logits(_v2) flattens both operands to ``[outer, classes]`` and the
  kernel broadcasts them: "Dimensions must be equal, but are 10 and 5" in graph mode, "logits and
  labels must be broadcastable: logits_size=[32,10] labels_size=[32,5]" when it runs.  The loss
  has the logits' shape without the class axis; the per-row losses are reshaped to it, so
  logits with one row and labels with three fail ("Cannot reshape a tensor with 3 elements to
  shape [1] (1 elements)").  The flattening has a static shape only when every outer dim is
  known; otherwise graph mode checks nothing and the kernel decides at run time.
- sparse_softmax_cross_entropy_with_logits wants labels of rank ``rank(logits) - 1`` ("`labels.
  shape.rank` must equal `logits.shape.rank - 1`") and equal leading dims ("`labels.shape` must
  equal `logits.shape` except for the last dimension"; older TF: "logits and labels must have the
  same first dimension").  Pattern 12 is rank-2 labels here.
- sigmoid/weighted cross-entropy: "`logits` and `labels` must have the same shape, received ((?,
  1) vs (?,))".
- tf.losses.*: predictions (or logits) must be compatible with labels, "Shapes (?, 10) and (?, 5)
  are incompatible", then weights must broadcast to the per-element losses ("weights can not be
  broadcast to values"); the default reduction gives a scalar, ``reduction="none"`` the losses.

Static checks only see known dims; where TensorFlow does not know a dim, the kernel broadcasts
at run time, so a symbolic dim is only required to be equal *or 1* on either side.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, bool_or
from shapetracer.constraints.core.examples import T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.reductions import reduced_dims, tf_axes
from shapetracer.constraints.core.spec import ApiRef, OpContext, Tensor, op
from shapetracer.constraints.core import messages

CODE = codes.LABELS_LOGITS


# --- helpers -------------------------------------------------------------------

def _known(ctx: OpContext, *values: Any) -> list[Tensor] | None:
    """Every argument as a tensor of known rank, else None (the loss is then unknown)."""
    tensors = [ctx.tensor(v) for v in values]
    if any(t is None or t.shape.dims is None for t in tensors):
        return None
    return tensors  # type: ignore[return-value]


def _product(dims: tuple[Dim, ...] | list[Dim]) -> Dim:
    """The length of the flattened outer dims; a single dim keeps its identity."""
    if len(dims) == 1:
        return dims[0]
    total = Dim(1)
    for dim in dims:
        total = total * dim
    return total


def _broadcastable(a: Dim, b: Dim):
    if a.same_as(b):
        return True
    return bool_or(a.eq(b), a.eq(1), b.eq(1))


def compatible(ctx: OpContext, first: Tensor, second: Tensor, message: Message, code: str = CODE) -> bool:
    """TensorShape compatibility (``first`` and ``second`` as TF orders them in ``message``).

    Ranks and known dims must match exactly; a symbolic dim is unknown to TF's static check and
    meets the run-time broadcast instead, so it only has to be equal or 1.
    """
    if first.shape.rank != second.shape.rank:
        ctx.fail(code, ctx.msg(message), [first, second])
        return False
    for a, b in zip(first.shape.dims, second.shape.dims):
        if a.known and b.known:
            if a.value != b.value:
                ctx.fail(code, ctx.msg(message), [first, second])
                return False
        elif not ctx.require(_broadcastable(a, b), code, ctx.msg(message), [a, b, first, second]):
            return False
    return True


def _incompatible(first: Tensor, second: Tensor) -> Message:
    return Message("Shapes {shape_a:tuple} and {shape_b:tuple} are incompatible", shape_a=first.shape,
                   shape_b=second.shape)


# --- tf.nn losses ------------------------------------------------------------------

def _move_axis_last(ctx: OpContext, t: Tensor, axis: int) -> list[Dim] | None:
    where = axis + t.shape.rank if axis < 0 else axis
    if not 0 <= where < t.shape.rank:
        return None
    dims = list(t.shape.dims)
    return dims[:where] + dims[where + 1:] + [dims[where]]


@op("tf.nn.softmax_cross_entropy_with_logits", "tf.nn.softmax_cross_entropy_with_logits_v2")
def softmax_cross_entropy_with_logits(ctx: OpContext, labels=None, logits=None, axis=None, name=None, dim=None,
                                      _sentinel=None):
    tensors = _known(ctx, labels, logits)
    if tensors is None:
        return ctx.unknown_tensor()
    y, x = tensors
    if x.shape.rank < 1 or y.shape.rank < 1:
        return ctx.unknown_tensor(x.dtype)
    where = ctx.int(dim if ctx.is_none(axis) else axis)
    if where is None and not (ctx.is_none(axis) and ctx.is_none(dim)):
        return ctx.unknown_tensor(x.dtype)
    where = -1 if where is None else where
    x_dims, y_dims = _move_axis_last(ctx, x, where), _move_axis_last(ctx, y, where)
    if x_dims is None or y_dims is None:
        return ctx.unknown_tensor(x.dtype)
    logits_2d = [_product(x_dims[:-1]) if len(x_dims) > 1 else Dim(1), x_dims[-1]]
    labels_2d = [_product(y_dims[:-1]) if len(y_dims) > 1 else Dim(1), y_dims[-1]]
    sizes = Message("logits and labels must be broadcastable: logits_size={logits_size:tf} "
                    "labels_size={labels_size:tf}", logits_size=logits_2d, labels_size=labels_2d)
    # nn_ops._flatten_outer_dims gives the flattened operand a static shape only when all its
    # outer dims are known; otherwise the kernel's shape function sees [?,?] and merges, and
    # the kernel compares the shapes when the graph runs.
    static = all(d.known for d in x_dims[:-1]) and all(d.known for d in y_dims[:-1])
    for a, b in zip(logits_2d, labels_2d):
        if not ctx.require(_broadcastable(a, b), CODE,
                           ctx.msg(messages.dims_must_be_equal(a, b), " (", sizes, ")"), [a, b, x, y],
                           runtime=not static):
            return ctx.unknown_tensor(x.dtype)
    # The per-row losses are then reshaped to the logits' outer dims, so labels may broadcast
    # over the logits' rows but not the other way round: logits [1,C] with labels [3,C] fail.
    rows, label_rows = logits_2d[0], labels_2d[0]
    if not ctx.require(bool_or(rows.eq(label_rows), label_rows.eq(1)), CODE,
                       ctx.msg(messages.cannot_reshape(label_rows, x_dims[:-1], rows)),
                       [rows, label_rows, x, y], runtime=not static):
        return ctx.unknown_tensor(x.dtype)
    if len(x_dims) == 2 and len(y_dims) == 2:
        # Rank 2 goes straight to the kernel op, whose shape function merges the batch dims
        # (or broadcasts them when they do not merge): logits [?,4] with labels [3,4] give [3].
        return ctx.result([_joined(x_dims[0], y_dims[0])], x.dtype, label="per-example loss")
    return ctx.result(x_dims[:-1], x.dtype, label="per-example loss")


def _joined(a: Dim, b: Dim) -> Dim:
    """The batch dim TensorFlow's static shape gives: merged where the two can merge (the
    known one wins), broadcast where one is 1 and the other known."""
    if a.known and b.known:
        return b if a.value == 1 else a
    return b if b.known else a


def sparse_check(ctx: OpContext, y: Tensor, x: Tensor) -> bool:
    """Labels of rank ``rank(logits) - 1`` whose dims equal the logits' leading dims."""
    if x.shape.rank == 0:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("`logits` cannot be a scalar"), [x])
        return False
    if y.shape.rank != x.shape.rank - 1:
        ctx.fail(CODE, ctx.msg("`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                               "labels.shape={labels_shape:tuple} of rank {labels_rank} and logits.shape="
                               "{logits_shape:tuple} of rank {logits_rank}", labels_shape=y.shape,
                               labels_rank=y.shape.rank, logits_shape=x.shape, logits_rank=x.shape.rank), [x, y])
        return False
    for a, b in zip(y.shape.dims, x.shape.dims[:-1]):
        if not ctx.require(a.eq(b), CODE,
                           ctx.msg("`labels.shape` must equal `logits.shape` except for the last dimension. "
                                   "Received: labels.shape={labels_shape:tuple} and logits.shape={logits_shape:tuple} "
                                   "(logits and labels must have the same first dimension)", labels_shape=y.shape,
                                   logits_shape=x.shape),
                           [a, b, x, y]):
            return False
    return True


@op("tf.nn.sparse_softmax_cross_entropy_with_logits")
def sparse_softmax_cross_entropy_with_logits(ctx: OpContext, labels=None, logits=None, name=None, _sentinel=None):
    tensors = _known(ctx, labels, logits)
    if tensors is None:
        return ctx.unknown_tensor()
    y, x = tensors
    if not sparse_check(ctx, y, x):
        return ctx.unknown_tensor(x.dtype)
    # the static shape merges the labels' dims into the logits' leading ones: the known one wins
    merged = [b if b.known else a for a, b in zip(x.shape.dims[:-1], y.shape.dims)]
    return ctx.result(merged, x.dtype, label="per-example loss")


def _same_shape_loss(ctx: OpContext, labels: Any, logits: Any) -> Tensor:
    tensors = _known(ctx, labels, logits)
    if tensors is None:
        return ctx.unknown_tensor()
    y, x = tensors
    message = Message("`logits` and `labels` must have the same shape, received ({logits_shape:tuple} vs "
                      "{labels_shape:tuple}).", logits_shape=x.shape, labels_shape=y.shape)
    if not compatible(ctx, x, y, message):
        return ctx.unknown_tensor(x.dtype)
    return ctx.same_shape(x)


@op("tf.nn.sigmoid_cross_entropy_with_logits")
def sigmoid_cross_entropy_with_logits(ctx: OpContext, labels=None, logits=None, name=None, _sentinel=None):
    return _same_shape_loss(ctx, labels, logits)


@op("tf.nn.weighted_cross_entropy_with_logits")
def weighted_cross_entropy_with_logits(ctx: OpContext, labels=None, logits=None, pos_weight=None, name=None,
                                       targets=None):
    return _same_shape_loss(ctx, targets if ctx.is_none(labels) else labels, logits)


@op("tf.nn.l2_loss")
def l2_loss(ctx: OpContext, t, name=None):
    x = ctx.tensor(t)
    return ctx.result([], x.dtype if x is not None else None, label="l2 loss")


@op("tf.nn.nce_loss", "tf.nn.sampled_softmax_loss")
def sampled_loss(ctx: OpContext, weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                 sampled_values=None, remove_accidental_hits=None, partition_strategy="mod", name=None, seed=None):
    """Sampled losses: ``inputs`` [batch, dim] meet ``weights`` [classes, dim]; labels are
    [batch, num_true]; the loss is [batch].  Sharded weights (a list) are not checked."""
    x, w, y = ctx.tensor(inputs), ctx.tensor(weights), ctx.tensor(labels)
    if x is None or x.shape.dims is None or x.shape.rank != 2:
        return ctx.unknown_tensor()
    if y is not None and y.shape.dims is not None and y.shape.rank != 2:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(2, y.shape.rank),
                                              " (labels shape: {labels_shape:tf})", labels_shape=y.shape), [y])
        return ctx.unknown_tensor(x.dtype)
    if w is not None and w.shape.dims is not None and w.shape.rank == 2:
        a, b = x.shape.dims[1], w.shape.dims[1]
        if not ctx.require(a.eq(b), codes.MATMUL_DIM, ctx.msg(messages.dims_must_be_equal(a, b),
                                                              " (inputs {shape:tf} vs weights {weights_shape:tf})",
                                                              shape=x.shape, weights_shape=w.shape), [a, b, x, w]):
            return ctx.unknown_tensor(x.dtype)
    return ctx.result([x.shape.dims[0]], x.dtype, label="per-example loss")


# --- tf.losses (TF1) -------------------------------------------------------------------

def _reduction_is_none(ctx: OpContext, reduction: Any) -> bool | None:
    """True for Reduction.NONE ("none"), False for the scalar reductions, None when unknown."""
    text = ctx.str(reduction)
    if text is None and isinstance(reduction, ApiRef):  # tf.losses.Reduction.NONE as a name
        text = reduction.qualname.rsplit(".", 1)[-1].lower()
    if text is None:
        return None if not ctx.is_none(reduction) else False
    return text.lower() == "none"


def weights_fit(ctx: OpContext, weights: Any, losses: list[Dim]) -> bool:
    """Weights are a scalar or have the losses' rank with each dim 1 or equal."""
    w = ctx.tensor(weights)
    if w is None or w.shape.dims is None or w.shape.rank == 0:
        return True
    shown = Message("values.shape={values_shape:tuple}, weights.shape={weights_shape:tuple}", values_shape=losses,
                    weights_shape=w.shape)
    if w.shape.rank != len(losses):
        ctx.fail(codes.BROADCAST, ctx.msg("weights can not be broadcast to values. values.rank={values_rank}. "
                                          "weights.rank={weights_rank}. ", shown, values_rank=len(losses),
                                          weights_rank=w.shape.rank), [w])
        return False
    for i, (a, b) in enumerate(zip(w.shape.dims, losses)):
        if not ctx.require(bool_or(a.eq(1), a.eq(b)), codes.BROADCAST,
                           ctx.msg("weights can not be broadcast to values. Mismatch at dim {axis}. ", shown, axis=i),
                           [a, b, w]):
            return False
    return True




def _reduced(ctx: OpContext, losses: list[Dim], dtype: str | None, weights: Any, reduction: Any) -> Tensor:
    """Check the weights, then apply the reduction (scalar unless Reduction.NONE)."""
    if not weights_fit(ctx, weights, losses):
        return ctx.unknown_tensor(dtype)
    none = _reduction_is_none(ctx, reduction)
    if none is None:
        return ctx.unknown_tensor(dtype)
    if none:
        return ctx.result(losses, dtype, label="per-element loss")
    return ctx.result([], dtype, label="reduced loss")


def _pointwise(ctx: OpContext, labels: Any, predictions: Any, weights: Any, reduction: Any) -> Tensor:
    """Losses computed element by element: predictions first in TF's message."""
    tensors = _known(ctx, labels, predictions)
    if tensors is None:
        return ctx.unknown_tensor()
    y, p = tensors
    if not compatible(ctx, p, y, _incompatible(p, y)):
        return ctx.unknown_tensor(p.dtype)
    return _reduced(ctx, list(p.shape.dims), p.dtype, weights, reduction)


@op("tf.losses.absolute_difference")
def absolute_difference(ctx: OpContext, labels, predictions, weights=1.0, scope=None, loss_collection=None,
                        reduction=None):
    return _pointwise(ctx, labels, predictions, weights, reduction)


@op("tf.losses.log_loss")
def log_loss(ctx: OpContext, labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=None,
             reduction=None):
    return _pointwise(ctx, labels, predictions, weights, reduction)


@op("tf.losses.huber_loss")
def huber_loss(ctx: OpContext, labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=None,
               reduction=None):
    return _pointwise(ctx, labels, predictions, weights, reduction)


@op("tf.losses.hinge_loss")
def hinge_loss(ctx: OpContext, labels, logits, weights=1.0, scope=None, loss_collection=None, reduction=None):
    return _pointwise(ctx, labels, logits, weights, reduction)


@op("tf.losses.sigmoid_cross_entropy")
def sigmoid_cross_entropy(ctx: OpContext, multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=None, reduction=None):
    return _pointwise(ctx, multi_class_labels, logits, weights, reduction)


@op("tf.losses.mean_squared_error")
def mean_squared_error(ctx: OpContext, labels, predictions, weights=1.0, scope=None, loss_collection=None,
                       reduction=None):
    """TF1's loss checks compatibility; under legacy Keras (TF_USE_LEGACY_KERAS=1) the same name
    is Keras' mean_squared_error, which broadcasts.  Only a pair that fails both is an error;
    one that only TF1 rejects is a warning."""
    tensors = _known(ctx, labels, predictions)
    if tensors is None:
        return ctx.unknown_tensor()
    y, p = tensors
    if _tf1_compatible(p, y):
        return _pointwise(ctx, labels, predictions, weights, reduction)
    rank = max(p.shape.rank, y.shape.rank)
    left = [Dim(1)] * (rank - p.shape.rank) + list(p.shape.dims)
    right = [Dim(1)] * (rank - y.shape.rank) + list(y.shape.dims)
    pairs = [(a, b) for a, b in zip(left, right) if not (a.known and b.known and a.value == b.value)]
    if any(a.known and b.known and 1 not in (a.value, b.value) for a, b in pairs):
        ctx.fail(CODE, ctx.msg(_incompatible(p, y)), [p, y])
        return ctx.unknown_tensor(p.dtype)
    if _column_and_row(p, y) or _column_and_row(y, p):
        ctx.warn(codes.SUSPICIOUS_BROADCAST, ctx.msg("shapes {shape_a:tf} and {shape_b:tf} broadcast to a square "
                                                     "matrix under Keras' mean_squared_error; squeeze or reshape "
                                                     "one side", shape_a=p.shape, shape_b=y.shape), [p, y])
    ctx.warn(codes.POSSIBLE_FAILURE, ctx.msg(_incompatible(p, y), " under tf.compat.v1.losses; Keras' "
                                             "mean_squared_error would broadcast them instead"), [p, y])
    return ctx.unknown_tensor(p.dtype)


def _column_and_row(col: Tensor, row: Tensor) -> bool:
    """[N, 1] against [N]: the silent [N, N] broadcast of pattern 14."""
    return col.shape.rank == 2 and row.shape.rank == 1 and col.shape.dims[1].known \
        and col.shape.dims[1].value == 1


def _tf1_compatible(p: Tensor, y: Tensor) -> bool:
    """Static TensorShape compatibility, treating symbolic dims as unknown."""
    if p.shape.rank != y.shape.rank:
        return False
    return all(not (a.known and b.known) or a.value == b.value for a, b in zip(p.shape.dims, y.shape.dims))


@op("tf.losses.softmax_cross_entropy")
def softmax_cross_entropy(ctx: OpContext, onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=None, reduction=None):
    tensors = _known(ctx, onehot_labels, logits)
    if tensors is None:
        return ctx.unknown_tensor()
    y, x = tensors
    if not compatible(ctx, x, y, _incompatible(x, y)):
        return ctx.unknown_tensor(x.dtype)
    if x.shape.rank < 1:
        return ctx.unknown_tensor(x.dtype)
    return _reduced(ctx, list(x.shape.dims[:-1]), x.dtype, weights, reduction)


@op("tf.losses.sparse_softmax_cross_entropy")
def sparse_softmax_cross_entropy(ctx: OpContext, labels, logits, weights=1.0, scope=None, loss_collection=None,
                                 reduction=None):
    """Labels of the logits' rank lose a last dim of 1 first (remove_squeezable_dimensions)."""
    tensors = _known(ctx, labels, logits)
    if tensors is None:
        return ctx.unknown_tensor()
    y, x = tensors
    if y.shape.rank == x.shape.rank and y.shape.rank >= 1:
        last = y.shape.dims[-1]
        if not last.known or last.value == 1:
            y = Tensor(Shape(y.shape.dims[:-1]), y.dtype, y.kind, y.origin)
    if not sparse_check(ctx, y, x):
        return ctx.unknown_tensor(x.dtype)
    none = _reduction_is_none(ctx, reduction)
    if none is None:
        return ctx.unknown_tensor(x.dtype)
    return ctx.result(list(x.shape.dims[:-1]) if none else [], x.dtype, label="reduced loss")


@op("tf.losses.cosine_distance")
def cosine_distance(ctx: OpContext, labels, predictions, axis=None, weights=1.0, scope=None, loss_collection=None,
                    reduction=None, dim=None):
    """1 - sum(labels * predictions, axis, keepdims=True): the axis becomes 1."""
    tensors = _known(ctx, labels, predictions)
    if tensors is None:
        return ctx.unknown_tensor()
    y, p = tensors
    if not compatible(ctx, p, y, _incompatible(p, y)):
        return ctx.unknown_tensor(p.dtype)
    where = ctx.int(dim if ctx.is_none(axis) else axis)
    if where is None:
        return ctx.unknown_tensor(p.dtype)
    axes = tf_axes(ctx, [where], p)
    if axes is None:
        return ctx.unknown_tensor(p.dtype)
    return _reduced(ctx, reduced_dims(ctx, p.shape.dims, axes, True), p.dtype, weights, reduction)


@op("tf.losses.mean_pairwise_squared_error")
def mean_pairwise_squared_error(ctx: OpContext, labels, predictions, weights=1.0, scope=None,
                                loss_collection=None):
    tensors = _known(ctx, labels, predictions)
    if tensors is None:
        return ctx.unknown_tensor()
    y, p = tensors
    if not compatible(ctx, p, y, _incompatible(p, y)):
        return ctx.unknown_tensor(p.dtype)
    return ctx.result([], p.dtype, label="reduced loss")


EXAMPLES = [
    ok("tf.nn.softmax_cross_entropy_with_logits", labels=T(None, 10), logits=T(None, 10), expect=[None]),
    ok("tf.nn.softmax_cross_entropy_with_logits", labels=T(1, 10), logits=T(32, 10), expect=[32]),
    ok("tf.nn.softmax_cross_entropy_with_logits", labels=T(4, 5, 10), logits=T(4, 5, 10), expect=[4, 5]),
    ok("tf.nn.softmax_cross_entropy_with_logits", labels=T(10, 32), logits=T(10, 32), axis=0, expect=[32]),
    ok("tf.nn.softmax_cross_entropy_with_logits_v2", labels=T(32, 10), logits=T(32, 10), expect=[32]),
    ok("tf.nn.softmax_cross_entropy_with_logits", labels=T(10), logits=T(10), expect=[]),
    bad("tf.nn.softmax_cross_entropy_with_logits", labels=T(32, 5), logits=T(32, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 10 and 5"),
    bad("tf.nn.softmax_cross_entropy_with_logits", labels=T(None, 5), logits=T(None, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 10 and 5"),
    bad("tf.nn.softmax_cross_entropy_with_logits", labels=T(10, 32), logits=T(32, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 32 and 10"),  # pattern 13
    bad("tf.nn.softmax_cross_entropy_with_logits", labels=T(4, 6, 10), logits=T(4, 5, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 20 and 24"),
    ok("tf.nn.softmax_cross_entropy_with_logits_v2", labels=T(3, 4), logits=T(None, 4), expect=[3]),
    bad("tf.nn.softmax_cross_entropy_with_logits_v2", labels=T(3, 4), logits=T(1, 4), code=codes.LABELS_LOGITS,
        message="Cannot reshape a tensor with 3 elements to shape [1]"),
    bad("tf.nn.softmax_cross_entropy_with_logits_v2", labels=T(16, 10), logits=T(32, 10), code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 32 and 16"),
    ok("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(None, dtype="int32"), logits=T(None, 10),
       expect=[None]),
    ok("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(4, 5, dtype="int32"), logits=T(4, 5, 10),
       expect=[4, 5]),
    ok("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(None, dtype="int32"), logits=T(32, 10),
       expect=[32]),
    ok("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(32, dtype="int32"), logits=T(None, 10),
       expect=[32]),
    bad("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(None, 1, dtype="int32"), logits=T(None, 10),
        code=codes.LABELS_LOGITS, message="`labels.shape.rank` must equal `logits.shape.rank - 1`"),  # pattern 12
    bad("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(64, dtype="int32"), logits=T(32, 10),
        code=codes.LABELS_LOGITS, message="`labels.shape` must equal `logits.shape` except for the last dimension"),
    bad("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(4, 6, dtype="int32"), logits=T(4, 5, 10),
        code=codes.LABELS_LOGITS, message="`labels.shape` must equal `logits.shape` except for the last dimension"),
    bad("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=T(dtype="int32"), logits=T(), code=codes.RANK_MISMATCH,
        message="`logits` cannot be a scalar"),
    ok("tf.nn.sigmoid_cross_entropy_with_logits", labels=T(None, 1), logits=T(None, 1), expect=[None, 1]),
    ok("tf.nn.sigmoid_cross_entropy_with_logits", labels=T(None, 10), logits=T(32, 10), expect=[32, 10]),
    bad("tf.nn.sigmoid_cross_entropy_with_logits", labels=T(None), logits=T(None, 1), code=codes.LABELS_LOGITS,
        message="`logits` and `labels` must have the same shape, received"),
    bad("tf.nn.sigmoid_cross_entropy_with_logits", labels=T(32, 10), logits=T(32, 5), code=codes.LABELS_LOGITS,
        message="`logits` and `labels` must have the same shape, received"),
    bad("tf.nn.weighted_cross_entropy_with_logits", labels=T(32, 10), logits=T(32, 5), pos_weight=2.0,
        code=codes.LABELS_LOGITS, message="`logits` and `labels` must have the same shape, received"),
    ok("tf.nn.weighted_cross_entropy_with_logits", labels=T(32, 10), logits=T(32, 10), pos_weight=2.0,
       expect=[32, 10]),
    ok("tf.nn.l2_loss", T(None, 10), expect=[]),
    ok("tf.nn.nce_loss", T(1000, 128), T(1000), T(None, 1, dtype="int64"), T(None, 128), 64, 1000, expect=[None]),
    ok("tf.nn.sampled_softmax_loss", T(1000, 128), T(1000), T(None, 1, dtype="int64"), T(None, 128), 64, 1000,
       expect=[None]),
    bad("tf.nn.nce_loss", T(1000, 128), T(1000), T(None, 1, dtype="int64"), T(None, 64), 64, 1000, code=codes.MATMUL_DIM,
        message="Dimensions must be equal, but are 64 and 128"),
    bad("tf.nn.nce_loss", T(1000, 128), T(1000), T(None, dtype="int64"), T(None, 128), 64, 1000, code=codes.RANK_MISMATCH,
        message="Shape must be rank 2 but is rank 1"),
    ok("tf.losses.softmax_cross_entropy", T(None, 10), T(None, 10), expect=[]),
    ok("tf.losses.softmax_cross_entropy", T(None, 10), T(None, 10), reduction="none", expect=[None]),
    ok("tf.losses.softmax_cross_entropy", T(32, 10), T(32, 10), weights=T(32), expect=[]),
    bad("tf.losses.softmax_cross_entropy", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    bad("tf.losses.softmax_cross_entropy", T(1, 10), T(32, 10), code=codes.LABELS_LOGITS,
        message="Shapes (32, 10) and (1, 10) are incompatible"),
    bad("tf.losses.softmax_cross_entropy", T(None), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?,) are incompatible"),  # pattern 11
    bad("tf.losses.softmax_cross_entropy", T(32, 10), T(32, 10), weights=T(32, 1), code=codes.BROADCAST,
        message="weights can not be broadcast to values"),
    ok("tf.losses.sparse_softmax_cross_entropy", T(None, dtype="int32"), T(None, 10), expect=[]),
    ok("tf.losses.sparse_softmax_cross_entropy", T(None, 1, dtype="int32"), T(None, 10), expect=[]),
    ok("tf.losses.sparse_softmax_cross_entropy", T(None, dtype="int32"), T(None, 10), reduction="none",
       expect=[None]),
    bad("tf.losses.sparse_softmax_cross_entropy", T(32, 2, dtype="int32"), T(32, 10), code=codes.LABELS_LOGITS,
        message="`labels.shape.rank` must equal `logits.shape.rank - 1`"),
    bad("tf.losses.sparse_softmax_cross_entropy", T(64, dtype="int32"), T(32, 10), code=codes.LABELS_LOGITS,
        message="`labels.shape` must equal `logits.shape` except for the last dimension"),
    ok("tf.losses.mean_squared_error", T(None, 1), T(None, 1), expect=[]),
    ok("tf.losses.mean_squared_error", T(None, 10), T(None, 10), reduction="none", expect=[None, 10]),
    ok("tf.losses.mean_squared_error", T(None, 10), T(None, 10), weights=T(None, 1), expect=[]),
    ok("tf.losses.mean_squared_error", T(None), T(None, 1), warns=codes.POSSIBLE_FAILURE, expect=UNKNOWN_SHAPE),
    bad("tf.losses.mean_squared_error", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    bad("tf.losses.mean_squared_error", T(32, 10), T(32, 10), weights=T(32, 5), code=codes.BROADCAST,
        message="weights can not be broadcast to values"),
    bad("tf.losses.mean_squared_error", T(32, 10), T(32, 10), weights=T(32), code=codes.BROADCAST,
        message="weights can not be broadcast to values"),
    ok("tf.losses.absolute_difference", T(None, 3), T(None, 3), expect=[]),
    bad("tf.losses.absolute_difference", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    bad("tf.losses.absolute_difference", T(32), T(32, 1), code=codes.LABELS_LOGITS,
        message="Shapes (32, 1) and (32,) are incompatible"),
    ok("tf.losses.sigmoid_cross_entropy", T(None, 10), T(None, 10), weights=T(None, 1), expect=[]),
    bad("tf.losses.sigmoid_cross_entropy", T(None), T(None, 1), code=codes.LABELS_LOGITS,
        message="Shapes (?, 1) and (?,) are incompatible"),
    ok("tf.losses.log_loss", T(None, 1), T(None, 1), expect=[]),
    bad("tf.losses.log_loss", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    ok("tf.losses.huber_loss", T(None, 4), T(None, 4), delta=2.0, expect=[]),
    bad("tf.losses.huber_loss", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    ok("tf.losses.hinge_loss", T(None, 4), T(None, 4), expect=[]),
    bad("tf.losses.hinge_loss", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    ok("tf.losses.cosine_distance", T(None, 10), T(None, 10), axis=1, reduction="none", expect=[None, 1]),
    bad("tf.losses.cosine_distance", T(None, 5), T(None, 10), axis=1, code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    bad("tf.losses.cosine_distance", T(None, 10), T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("tf.losses.mean_pairwise_squared_error", T(None, 10), T(None, 10), expect=[]),
    bad("tf.losses.mean_pairwise_squared_error", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    ok("tf.nn.l2_loss", T(3), expect=[]),
    ok("tf.nn.weighted_cross_entropy_with_logits", labels=T(None, 1), logits=T(None, 1), pos_weight=3.0,
       expect=[None, 1]),
    bad("tf.nn.weighted_cross_entropy_with_logits", labels=T(None), logits=T(None, 1), pos_weight=2.0,
        code=codes.LABELS_LOGITS, message="`logits` and `labels` must have the same shape, received"),
    ok("tf.losses.absolute_difference", T(None, 3), T(None, 3), reduction="none", expect=[None, 3]),
    ok("tf.losses.sigmoid_cross_entropy", T(None, 1), T(None, 1), label_smoothing=0.1, expect=[]),
    bad("tf.losses.sigmoid_cross_entropy", T(None, 5), T(None, 10), code=codes.LABELS_LOGITS,
        message="Shapes (?, 10) and (?, 5) are incompatible"),
    ok("tf.losses.log_loss", T(None, 1), T(None, 1), weights=T(None, 1), expect=[]),
    bad("tf.losses.log_loss", T(32), T(32, 1), code=codes.LABELS_LOGITS,
        message="Shapes (32, 1) and (32,) are incompatible"),
    ok("tf.losses.huber_loss", T(None, 4), T(None, 4), reduction="none", expect=[None, 4]),
    bad("tf.losses.huber_loss", T(None, 4), T(None, 4), weights=T(None, 3), code=codes.BROADCAST,
        message="weights can not be broadcast to values"),
    ok("tf.losses.hinge_loss", T(None, 1), T(None, 1), reduction="sum", expect=[]),
    bad("tf.losses.hinge_loss", T(None), T(None, 1), code=codes.LABELS_LOGITS,
        message="Shapes (?, 1) and (?,) are incompatible"),
    ok("tf.losses.cosine_distance", T(None, 10), T(None, 10), dim=1, expect=[]),
    ok("tf.losses.mean_pairwise_squared_error", T(4, 3), T(4, 3), expect=[]),
    bad("tf.losses.mean_pairwise_squared_error", T(4, 3), T(3, 4), code=codes.LABELS_LOGITS,
        message="Shapes (3, 4) and (4, 3) are incompatible"),
]
