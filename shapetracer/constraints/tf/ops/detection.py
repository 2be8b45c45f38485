"""Object-detection post-processing: tf.image.non_max_suppression and its variants
(with_scores, padded, overlaps) and combined_non_max_suppression.

References: TensorFlow's NonMaxSuppressionV3/V4/V5, NonMaxSuppressionWithOverlaps
and CombinedNonMaxSuppression shape functions (image_ops.cc), checked in TF 2.21
in graph mode and eagerly.  ``boxes`` is ``[num_boxes, 4]``, ``scores``
``[num_boxes]``, the thresholds and ``max_output_size`` scalars.  Graph mode words
a failure "Shape must be rank 2 but is rank 3", "Dimension must be 4 but is 5",
"Dimensions must be equal, but are 10 and 9"; the eager kernel prefixes its own
reason: "boxes must be 2-D[1,10,4] (Shape must be rank 2 but is rank 3)",
"boxes must have 4 columns (...)", "scores has incompatible shape (...)",
"max_output_size must be 0-D, got shape [1] (...)".  The selected indices are
``[k]`` with ``k <= max_output_size`` known only at run time (``[max_output_size]``
when padded).  combined_non_max_suppression takes ``boxes [batch, num_boxes, q,
4]`` (q is 1 or the class count) and ``scores [batch, num_boxes, classes]`` and
gives ``[batch, max_total_size, 4]``, ``[batch, max_total_size]`` twice and
``[batch]``.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.rules.message import Message, join
from shapetracer.constraints.core import messages
from shapetracer.constraints.core.examples import P, T, bad, ok
from shapetracer.constraints.core.spec import UNKNOWN, OpContext, Seq, Tensor, op


def _rank(ctx: OpContext, t: Tensor | None, rank: int, what: str, eager_words: str | None,
          explained: bool = True) -> bool:
    """``t`` must have rank ``rank``; False after reporting.  ``eager_words``: the eager
    kernel's own reason (a template of the argument ``{arg}`` and its ``{shape}``), followed
    by the shape function's words when ``explained``."""
    if t is None or t.shape.rank is None or t.shape.rank == rank:
        return True
    words = messages.shape_must_be_rank(rank, t.shape.rank)
    if not ctx.graph.mode and eager_words is not None:
        reason = Message(eager_words, arg=what, shape=t.shape)
        words = join(reason, " (", words, ")") if explained else reason
    ctx.fail(codes.RANK_MISMATCH, ctx.msg(words), [t])
    return False


def _scalars(ctx: OpContext, **named) -> bool:
    for name, value in named.items():
        if ctx.is_none(value):
            continue
        t = ctx.tensor(value)
        if not _rank(ctx, t, 0, name, "{arg} must be 0-D, got shape {shape:tf}"):
            return False
    return True


def _boxes_and_scores(ctx: OpContext, boxes, scores, columns: int | None = 4) -> Dim | None:
    """The number of boxes, after the checks every variant makes; None when unknown or failed."""
    b, s = ctx.tensor(boxes), ctx.tensor(scores)
    first = "overlaps" if columns is None else "boxes"
    if not _rank(ctx, b, 2, first, "{arg} must be 2-D{shape:tf}") or \
            not _rank(ctx, s, 1, "scores", "{arg} must be 1-D{shape:tf}"):
        return None
    if b is None or s is None or b.shape.dims is None or s.shape.dims is None:
        return None
    count, width = b.shape.dims
    if columns is not None and width.known and width.value != columns:
        words = Message("Dimension must be {columns} but is {width}", columns=columns, width=width.value)
        if not ctx.graph.mode:
            words = join("boxes must have {columns} columns (", words, ")", columns=columns)
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg(words), [b])
        return None
    if columns is None and not ctx.require(width.eq(count), codes.SHAPE_REQUIREMENT,
                                           ctx.msg(messages.dims_must_be_equal(count, width),
                                                   " (overlaps must be square)"), [b]):
        return None
    n = s.shape.dims[0]
    words = messages.dims_must_be_equal(count, n)
    if not ctx.graph.mode:
        words = join("scores has incompatible shape (", words, ")")
    if not ctx.require(count.eq(n), codes.SHAPE_REQUIREMENT, ctx.msg(words), [b, s, count, n]):
        return None
    return count


def _selected(ctx: OpContext, boxes, scores, max_output_size, columns: int | None = 4, **thresholds) -> Dim | None:
    """The length of the selected indices (fresh, at most max_output_size); None after a failure."""
    if not _scalars(ctx, max_output_size=max_output_size, **thresholds):
        return None
    if _boxes_and_scores(ctx, boxes, scores, columns) is None and ctx.failed:
        return None
    return ctx.fresh("selected", 0)


@op("tf.image.non_max_suppression")
def non_max_suppression(ctx: OpContext, boxes, scores, max_output_size, iou_threshold=0.5,
                        score_threshold=float("-inf"), name=None):
    k = _selected(ctx, boxes, scores, max_output_size, iou_threshold=iou_threshold, score_threshold=score_threshold)
    return ctx.result([k], "int32", label="selected indices of shape") if k is not None else UNKNOWN


@op("tf.image.non_max_suppression_with_scores")
def non_max_suppression_with_scores(ctx: OpContext, boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float("-inf"), soft_nms_sigma=0.0, name=None):
    k = _selected(ctx, boxes, scores, max_output_size, iou_threshold=iou_threshold, score_threshold=score_threshold,
                  soft_nms_sigma=soft_nms_sigma)
    if k is None:
        return UNKNOWN
    return Seq([ctx.result([k], "int32", label="selected indices of shape"),
                ctx.result([k], "float32", label="selected scores of shape")], "tuple")


@op("tf.image.non_max_suppression_padded")
def non_max_suppression_padded(ctx: OpContext, boxes, scores, max_output_size, iou_threshold=0.5,
                               score_threshold=float("-inf"), pad_to_max_output_size=False, name=None,
                               sorted_input=False, canonicalized_coordinates=False, tile_size=512):
    """Unbatched ``[num_boxes, 4]`` boxes only; batched ones give an unknown result."""
    b = ctx.tensor(boxes)
    if b is None or b.shape.rank != 2:
        return UNKNOWN
    k = _selected(ctx, boxes, scores, max_output_size, iou_threshold=iou_threshold, score_threshold=score_threshold)
    if k is None:
        return UNKNOWN
    if ctx.bool(pad_to_max_output_size, False):
        k = ctx.dim(max_output_size) or k
    return Seq([ctx.result([k], "int32", label="selected indices of shape"),
                ctx.result([], "int32", label="valid count of shape")], "tuple")


@op("tf.image.non_max_suppression_overlaps")
def non_max_suppression_overlaps(ctx: OpContext, overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    k = _selected(ctx, overlaps, scores, max_output_size, columns=None, overlap_threshold=overlap_threshold,
                  score_threshold=score_threshold)
    return ctx.result([k], "int32", label="selected indices of shape") if k is not None else UNKNOWN


@op("tf.image.combined_non_max_suppression")
def combined_non_max_suppression(ctx: OpContext, boxes, scores, max_output_size_per_class, max_total_size,
                                 iou_threshold=0.5, score_threshold=float("-inf"), pad_per_class=False,
                                 clip_boxes=True, name=None):
    b, s = ctx.tensor(boxes), ctx.tensor(scores)
    # eagerly, scores of another rank abort the process (a failed CHECK in the kernel)
    if not _rank(ctx, b, 4, "boxes", "{arg} must be 4-D{shape:tf}", explained=False) or \
            not _rank(ctx, s, 3, "scores", None):
        return UNKNOWN
    if b is None or s is None or b.shape.dims is None or s.shape.dims is None:
        return UNKNOWN
    batch, count, q, four = b.shape.dims
    s_batch, s_count, classes = s.shape.dims
    for x, y in ((batch, s_batch), (count, s_count)):
        if not ctx.require(x.eq(y), codes.SHAPE_REQUIREMENT, ctx.msg(messages.dims_must_be_equal(x, y)),
                           [b, s, x, y]):
            return UNKNOWN
    if four.known and four.value != 4:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Dimension must be 4 but is {width}", width=four.value), [b])
        return UNKNOWN
    if q.known and q.value != 1 and not ctx.require(q.eq(classes), codes.SHAPE_REQUIREMENT,
                                                    ctx.msg("third dimension of boxes must be either 1 or equal to "
                                                            "the third dimension of scores"), [b, s, q, classes]):
        return UNKNOWN
    total = ctx.dim(max_total_size) or ctx.fresh("max_total_size")
    return Seq([ctx.result([batch, total, Dim(4)], "float32", label="nmsed boxes of shape"),
                ctx.result([batch, total], "float32", label="nmsed scores of shape"),
                ctx.result([batch, total], "float32", label="nmsed classes of shape"),
                ctx.result([batch], "int32", label="valid detections of shape")], "tuple")


EXAMPLES = [
    ok("tf.image.non_max_suppression", T(10, 4), T(10), 5, expect=[None]),
    ok("tf.image.non_max_suppression", P(None, 4), P(None), 5, iou_threshold=0.3, expect=[None]),
    bad("tf.image.non_max_suppression", T(10, 4), T(9), 5, code=codes.SHAPE_REQUIREMENT,
        message="scores has incompatible shape (Dimensions must be equal, but are 10 and 9)"),
    bad("tf.image.non_max_suppression", T(1, 10, 4), T(1, 10), 5, code=codes.RANK_MISMATCH,
        message="boxes must be 2-D[1,10,4] (Shape must be rank 2 but is rank 3)"),
    bad("tf.image.non_max_suppression", T(10, 4), T(10, 1), 5, code=codes.RANK_MISMATCH,
        message="scores must be 1-D[10,1] (Shape must be rank 1 but is rank 2)"),
    bad("tf.image.non_max_suppression", T(10, 5), T(10), 5, code=codes.SHAPE_REQUIREMENT,
        message="boxes must have 4 columns (Dimension must be 4 but is 5)"),
    bad("tf.image.non_max_suppression", T(10, 4), T(10), [5], code=codes.RANK_MISMATCH,
        message="max_output_size must be 0-D, got shape [1] (Shape must be rank 0 but is rank 1)"),
    bad("tf.image.non_max_suppression", T(10, 4), T(10), 5, iou_threshold=T(1), code=codes.RANK_MISMATCH,
        message="iou_threshold must be 0-D"),
    ok("tf.image.non_max_suppression_with_scores", T(10, 4), T(10), 5, expect=([None], [None])),
    bad("tf.image.non_max_suppression_with_scores", T(10, 4), T(9), 5, code=codes.SHAPE_REQUIREMENT,
        message="but are 10 and 9"),
    ok("tf.image.non_max_suppression_padded", T(10, 4), T(10), 5, pad_to_max_output_size=True, expect=([5], [])),
    ok("tf.image.non_max_suppression_padded", T(10, 4), T(10), 5, expect=([None], [])),
    ok("tf.image.non_max_suppression_padded", T(3, 10, 4), T(3, 10), 5, expect=UNKNOWN),  # batched: not modelled
    bad("tf.image.non_max_suppression_padded", T(10, 4), T(8), 5, code=codes.SHAPE_REQUIREMENT,
        message="but are 10 and 8"),
    ok("tf.image.non_max_suppression_overlaps", T(10, 10), T(10), 5, expect=[None]),
    bad("tf.image.non_max_suppression_overlaps", T(10, 9), T(10), 5, code=codes.SHAPE_REQUIREMENT,
        message="Dimensions must be equal, but are 10 and 9"),
    ok("tf.image.combined_non_max_suppression", T(2, 10, 1, 4), T(2, 10, 3), 5, 7,
       expect=([2, 7, 4], [2, 7], [2, 7], [2])),
    ok("tf.image.combined_non_max_suppression", T(None, 10, 3, 4), T(None, 10, 3), 5, 7,
       expect=([None, 7, 4], [None, 7], [None, 7], [None])),
    bad("tf.image.combined_non_max_suppression", T(2, 10, 4), T(2, 10, 3), 5, 7, code=codes.RANK_MISMATCH,
        message="boxes must be 4-D[2,10,4]"),
    bad("tf.image.combined_non_max_suppression", T(2, 10, 1, 4), T(2, 9, 3), 5, 7, code=codes.SHAPE_REQUIREMENT,
        message="Dimensions must be equal, but are 10 and 9"),
    bad("tf.image.combined_non_max_suppression", T(2, 10, 2, 4), T(2, 10, 3), 5, 7, code=codes.SHAPE_REQUIREMENT,
        message="third dimension of boxes must be either 1 or equal to the third dimension of scores"),
]
