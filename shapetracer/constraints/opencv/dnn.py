"""``cv2.dnn.blobFromImage``/``blobFromImages``: images as an NCHW batch.

``blobFromImage(image, scalefactor, size=(width, height))`` gives ``(1, channels, height,
width)`` float32 (``size`` empty keeps the image's), one channel for a 2-D image; the
channels-first layout is what a channels-last Keras model then refuses.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import array_result, unknown_array
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.opencv.common import NOT_AN_IMAGE, channels, constant_name, image
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import ApiRef, Tensor
from shapetracer.rules import codes

_DEPTHS = {"CV_8U": "uint8", "CV_32F": "float32"}


def _blob(ctx: OpContext, x: Tensor | None, count: Dim, size: Any, ddepth: Any) -> Tensor:
    dtype = "float32" if ctx.is_none(ddepth) else _DEPTHS.get(constant_name(ddepth) or "")
    wanted = ctx.shape_arg(size) if not ctx.is_none(size) else []
    if wanted is not None and len(wanted) not in (0, 2):
        ctx.fail(codes.ARG_LENGTH, ctx.msg("Can't parse '{arg}'. Expected sequence length {want_length}, got {length}",
                                           arg="size", want_length=2, length=len(wanted)))
        return unknown_array(ctx, dtype)
    if x is not None and x.shape.rank is not None and x.shape.rank > 3:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(NOT_AN_IMAGE, detail="image0.dims == 2", shape=x.shape), [x])
        return unknown_array(ctx, dtype)
    if x is None or x.shape.rank not in (2, 3):
        return unknown_array(ctx, dtype)
    depth = channels(x)
    if depth is None or wanted is None or len(wanted) not in (0, 2) or None in wanted:
        return unknown_array(ctx, dtype)
    if wanted and not all(d.known and d.value == 0 for d in wanted):
        height, width = wanted[1], wanted[0]
    else:
        height, width = x.shape.dims[0], x.shape.dims[1]
    return array_result(ctx, [count, depth, height, width], dtype, label="blob made as")


@op("cv2.dnn.blobFromImage")
def blob_from_image(ctx: OpContext, image_, scalefactor=1.0, size=None, mean=None, swapRB=False, crop=False,
                    ddepth=None):
    return _blob(ctx, image(ctx, image_), Dim(1, frozenset({ctx.site})), size, ddepth)


@op("cv2.dnn.blobFromImages")
def blob_from_images(ctx: OpContext, images, scalefactor=1.0, size=None, mean=None, swapRB=False, crop=False,
                     ddepth=None):
    items = ctx.items(images)
    first = image(ctx, items[0]) if items else None
    count = Dim(len(items), frozenset({ctx.site})) if items else ctx.fresh("images")
    return _blob(ctx, first, count, size, ddepth)


EXAMPLES = [
    ok("cv2.dnn.blobFromImage", A(None, None, 3), expect=[1, 3, None, None]),
    ok("cv2.dnn.blobFromImage", A(None, None, 3), 1 / 255, (300, 200), expect=[1, 3, 200, 300]),
    ok("cv2.dnn.blobFromImage", A(None, None), 1.0, (32, 24), expect=[1, 1, 24, 32]),
    ok("cv2.dnn.blobFromImage", A(60, 40, 4), expect=[1, 4, 60, 40]),
    ok("cv2.dnn.blobFromImage", A(60, 40, 3), ddepth=ApiRef("cv2.CV_8U"), expect=[1, 3, 60, 40]),
    ok("cv2.dnn.blobFromImage", A(60, 40, None), expect=[1, None, 60, 40]),
    bad("cv2.dnn.blobFromImage", A(1, 60, 40, 3), code=codes.RANK_MISMATCH, message="image0.dims == 2"),
    bad("cv2.dnn.blobFromImage", A(60, 40, 3), 1.0, (224, 224, 3), code=codes.ARG_LENGTH,
        message="Can't parse 'size'. Expected sequence length 2, got 3"),
    ok("cv2.dnn.blobFromImages", [A(None, None, 3), A(None, None, 3)], 1.0, (32, 24), expect=[2, 3, 24, 32]),
]
