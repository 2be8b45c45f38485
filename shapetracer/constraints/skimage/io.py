"""``skimage.io.imread``/``imsave``: as the file is, unless ``as_gray=True`` (2-D)."""

from __future__ import annotations

from shapetracer.constraints.core.arrays import unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, ok
from shapetracer.constraints.core.images import refuse_one_channel
from shapetracer.constraints.core.images import image_array
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import NONE, UNKNOWN
from shapetracer.rules import codes


@op("skimage.io.imread")
def imread(ctx: OpContext, fname, as_gray=False, plugin=None, **plugin_args):
    """``as_gray``: luminance, 2-D (float64, or the file's own dtype when it is grey already)."""
    if ctx.bool(as_gray, False):
        return image_array(ctx, None, None, None, None, label="imread gives")
    return unknown_array(ctx)


@op("skimage.io.imsave")
def imsave(ctx: OpContext, fname, arr, plugin=None, check_contrast=True, **plugin_args):
    if refuse_one_channel(ctx, arr):
        return UNKNOWN
    return NONE


EXAMPLES = [
    ok("skimage.io.imread", "photo.png", expect=UNKNOWN_SHAPE),
    ok("skimage.io.imread", "photo.png", as_gray=True, expect=[None, None]),
    ok("skimage.io.imsave", "out.png", A(6, 4, 3, dtype="uint8"), expect=NONE),
    bad("skimage.io.imsave", "out.png", A(6, 4, 1, dtype="uint8"), code=codes.SHAPE_REQUIREMENT,
        message="Can't write images with one color channel."),
]
