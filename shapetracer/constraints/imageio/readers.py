"""``imageio.imread`` (and ``imageio.v2.imread``, ``imageio.v3.imread``), ``imwrite``.

Read as the file is, an image's rank and channels are unknown; ``pilmode=``/``mode=``
("RGB", "L", "RGBA" ...) converts it, so they are known.  ``v3.imread`` reads every frame
of an animated file unless ``index=`` picks one, so there the rank is known only for a
named single-frame file (``photo.png``) or with an index.  Reference: imageio 2.38 with
Pillow 11 (``as_gray``, which old versions took, is refused today; it gives 2-D there).
"""

from __future__ import annotations

from shapetracer.constraints.core.arrays import unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, ok
from shapetracer.constraints.core.images import read_in_mode, refuse_one_channel, single_frame
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import NONE, UNKNOWN
from shapetracer.rules import codes


@op("imageio.imread", "imageio.v2.imread")
def imread(ctx: OpContext, uri, format=None, *, pilmode=None, mode=None, as_gray=False, **kwargs):
    if ctx.bool(as_gray, False):
        return read_in_mode(ctx, "F", "float32")
    return read_in_mode(ctx, ctx.str(pilmode) or ctx.str(mode))


@op("imageio.v3.imread")
def imread_v3(ctx: OpContext, uri, *, index=None, plugin=None, extension=None, format_hint=None, mode=None,
              **kwargs):
    if not ctx.is_none(index) or single_frame(ctx, uri):
        return read_in_mode(ctx, ctx.str(mode))
    return unknown_array(ctx)


@op("imageio.imwrite", "imageio.v2.imwrite", "imageio.imsave", "imageio.v3.imwrite")
def imwrite(ctx: OpContext, uri, im, *args, **kwargs):
    if refuse_one_channel(ctx, im):
        return UNKNOWN
    return NONE


EXAMPLES = [
    ok("imageio.imread", "photo.png", expect=UNKNOWN_SHAPE),
    ok("imageio.imread", "photo.png", pilmode="RGB", expect=[None, None, 3]),
    ok("imageio.v2.imread", "photo.png", mode="L", expect=[None, None]),
    ok("imageio.imread", "photo.png", pilmode="RGBA", expect=[None, None, 4]),
    ok("imageio.imread", "photo.png", as_gray=True, expect=[None, None]),
    ok("imageio.v3.imread", "photo.png", mode="RGB", expect=[None, None, 3]),
    ok("imageio.v3.imread", "frames.gif", mode="RGB", expect=UNKNOWN_SHAPE),  # every frame
    ok("imageio.v3.imread", "frames.gif", index=0, mode="RGB", expect=[None, None, 3]),
    ok("imageio.imwrite", "out.png", A(6, 4, 3, dtype="uint8"), expect=NONE),
    ok("imageio.imsave", "out.png", A(6, 4, dtype="uint8"), expect=NONE),
    bad("imageio.imwrite", "out.png", A(6, 4, 1, dtype="uint8"), code=codes.SHAPE_REQUIREMENT,
        message="Can't write images with one color channel."),
    bad("imageio.v3.imwrite", "out.png", A(None, None, 1), code=codes.SHAPE_REQUIREMENT,
        message="Can't write images with one color channel."),
]
