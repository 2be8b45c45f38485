"""Small ops without a family: tf.nn.in_top_k, tf.add_n, tf.group, tf.no_op and tf.io.decode_raw.

References: TensorFlow's InTopKV2 shape function (predictions rank 2, targets
rank 1, equal batch: "Shape must be rank 1 but is rank 2", "Dimensions must be
equal, but are 8 and 7"), AddN's (every input merged into one shape: "Shapes
must be equal rank, but are 2 and 1", "Dimension 0 in both shapes must be
equal, but are 2 and 1. Shapes are [2,3] and [1,3].") and the NoOp that
tf.group and tf.no_op build (an Operation, not a tensor).
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import merge_shapes
from shapetracer.constraints.core.common import dtype_name
from shapetracer.constraints.core.examples import T, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import Shape
from shapetracer.domain.values import Obj, Tensor
from shapetracer.constraints.core import messages


def _in_top_k_operands(ctx: OpContext, predictions, targets) -> tuple[Tensor | None, Tensor | None]:
    """TF 2's tf.nn/tf.math.in_top_k take (targets, predictions, k); compat.v1's take
    (predictions, targets, k), and both are canonicalised to one name.  Keywords are
    unambiguous; for positional calls, a rank-1 first operand beside a rank-2 second
    one is read as the TF 2 order (never report an error TF 2 would accept)."""
    p, t = ctx.tensor(predictions), ctx.tensor(targets)
    if p is not None and t is not None and p.shape.rank == 1 and t.shape.rank == 2:
        return t, p
    return p, t


@op("tf.nn.in_top_k", "tf.math.in_top_k")
def in_top_k(ctx: OpContext, predictions, targets, k=None, name=None):
    p, t = _in_top_k_operands(ctx, predictions, targets)
    for tensor, rank in ((p, 2), (t, 1)):
        if tensor is not None and tensor.shape.rank is not None and tensor.shape.rank != rank:
            ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(rank, tensor.shape.rank),
                                                  _shapes(p, t)), [tensor])
            return ctx.unknown_tensor("bool")
    if p is None or t is None or p.shape.dims is None or t.shape.dims is None:
        batch = t.shape.dims[0] if t is not None and t.shape.dims is not None else None
        if batch is None and p is not None and p.shape.dims is not None:
            batch = p.shape.dims[0]
        return ctx.result([batch] if batch is not None else [None], "bool", label="compared to")
    rows, count = p.shape.dims[0], t.shape.dims[0]
    if not ctx.require(rows.eq(count), codes.LABELS_LOGITS,
                       ctx.msg(messages.dims_must_be_equal(rows, count), _shapes(p, t)), [rows, count]):
        return ctx.unknown_tensor("bool")
    return ctx.result([rows if rows.known or not count.known else count], "bool", label="compared to")


def _shapes(p: Tensor | None, t: Tensor | None) -> Message:
    return Message(" (input shapes: {input_shapes:tfs})",
                   input_shapes=[x.shape if x is not None else Shape.unknown() for x in (p, t)] + [()])


@op("tf.add_n", "tf.math.add_n")
def add_n(ctx: OpContext, inputs, name=None):
    items = ctx.items(inputs)
    if items is None:
        return ctx.unknown_tensor()
    if not items:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Inputs must be an iterable of at least one Tensor/IndexedSlices "
                                                  "with the same dtype and shape."))
        return ctx.unknown_tensor()
    tensors = [ctx.tensor(item) for item in items]
    known = [t for t in tensors if t is not None]
    if not known:
        return ctx.unknown_tensor()
    merged = known[0].shape
    for other in known[1:]:
        code = codes.RANK_MISMATCH if merged.rank is not None and other.shape.rank not in (None, merged.rank) else codes.BROADCAST
        result = merge_shapes(ctx, code, merged, other.shape, [known[0], other])
        if result is None:
            return ctx.unknown_tensor(known[0].dtype)
        merged = result
    return ctx.result(merged, known[0].dtype, label="summed to")


@op("tf.group")
def group(ctx: OpContext, *inputs, **kwargs):
    return Obj("tf.Operation", origin=ctx.site)


@op("tf.no_op")
def no_op(ctx: OpContext, name=None):
    return Obj("tf.Operation", origin=ctx.site)


@op("tf.io.decode_raw", "tf.decode_raw")
def decode_raw(ctx: OpContext, input_bytes=None, out_type=None, little_endian=True, fixed_length=None,
               name=None, bytes=None):
    """The input's shape plus one axis of decoded values, whose length TensorFlow does not
    know statically (it depends on the bytes), so layers that need it defined refuse it."""
    source = ctx.tensor(input_bytes if input_bytes is not None else bytes)
    dtype = dtype_name(out_type)
    if source is None or source.shape.dims is None:
        return ctx.unknown_tensor(dtype)
    values = ctx.fresh(f"{ctx.display}.shape[{source.shape.rank}]")
    return ctx.result(list(source.shape.dims) + [values], dtype, label="decoded to")


EXAMPLES = [
    ok("tf.io.decode_raw", T(dtype="string"), "float32", expect=[None]),
    ok("tf.io.decode_raw", T(4, dtype="string"), "uint8", expect=[4, None]),

    ok("tf.nn.in_top_k", T(8, 10), T(8, dtype="int32"), 1, expect=[8]),
    ok("tf.math.in_top_k", T(8, dtype="int32"), T(8, 10), 5, expect=[8]),
    ok("tf.nn.in_top_k", predictions=T(None, 10), targets=T(None, dtype="int32"), k=1, expect=[None]),
    ok("tf.nn.in_top_k", T(None, 10), T(32, dtype="int32"), 1, expect=[32]),
    bad("tf.nn.in_top_k", T(8, 10), T(8, 1, dtype="int32"), 1, code=codes.RANK_MISMATCH,
        message="Shape must be rank 1 but is rank 2"),
    bad("tf.nn.in_top_k", predictions=T(10), targets=T(8, dtype="int32"), k=1, code=codes.RANK_MISMATCH,
        message="Shape must be rank 2 but is rank 1"),
    bad("tf.math.in_top_k", T(8, 10), T(7, dtype="int32"), 1, code=codes.LABELS_LOGITS,
        message="Dimensions must be equal, but are 8 and 7"),
    ok("tf.add_n", [T(2, 3), T(2, 3)], expect=[2, 3]),
    ok("tf.add_n", [T(None, 3), T(2, None)], expect=[2, 3]),
    ok("tf.math.add_n", [T(2, 3)], expect=[2, 3]),
    bad("tf.add_n", [T(2, 3), T(1, 3)], code=codes.BROADCAST,
        message="Dimension 0 in both shapes must be equal, but are 2 and 1"),
    bad("tf.add_n", [T(2, 3), T(3)], code=codes.RANK_MISMATCH, message="Shapes must be equal rank, but are 2 and 1"),
    bad("tf.add_n", [], code=codes.SHAPE_REQUIREMENT,
        message="Inputs must be an iterable of at least one Tensor/IndexedSlices with"),
    ok("tf.group", T(2), T(3), expect=instance_of("tf.Operation")),
    ok("tf.group", expect=instance_of("tf.Operation")),
    ok("tf.no_op", expect=instance_of("tf.Operation")),
]
