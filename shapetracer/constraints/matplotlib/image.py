"""``matplotlib.image.imread`` (``plt.imread``) and ``imsave``.

``imread`` gives what the file holds, ``(h, w)`` or ``(h, w, 3 or 4)``: the rank is not
known; PNGs come as float32 in [0, 1], other formats (through Pillow) as uint8.
``imsave`` takes a 2-D array or 3 or 4 channels ("Third dimension must be 3 or 4").
Reference: matplotlib 3.11.
"""

from __future__ import annotations

from shapetracer.constraints.core.arrays import unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import NONE, UNKNOWN
from shapetracer.rules import codes


@op("matplotlib.image.imread", "matplotlib.pyplot.imread")
def imread(ctx: OpContext, fname, format=None):
    name = (ctx.str(fname) or "").lower()
    dtype = "float32" if name.endswith(".png") else "uint8" if name.endswith((".jpg", ".jpeg", ".bmp")) else None
    return unknown_array(ctx, dtype)


@op("matplotlib.image.imsave", "matplotlib.pyplot.imsave")
def imsave(ctx: OpContext, fname, arr, *args, **kwargs):
    x = ctx.tensor(arr)
    if x is not None and x.shape.rank == 3 and x.shape.dims[2].known and x.shape.dims[2].value not in (3, 4):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Third dimension must be 3 or 4 (the image is {shape:tuple})",
                                                  shape=x.shape), [x])
        return UNKNOWN
    return NONE


EXAMPLES = [
    ok("matplotlib.image.imread", "photo.png", expect=UNKNOWN_SHAPE),
    ok("matplotlib.pyplot.imread", "photo.jpg", expect=UNKNOWN_SHAPE),
    ok("matplotlib.image.imsave", "out.png", A(6, 4), expect=NONE),
    ok("matplotlib.pyplot.imsave", "out.png", A(6, 4, 4), expect=NONE),
    bad("matplotlib.image.imsave", "out.png", A(6, 4, 1), code=codes.SHAPE_REQUIREMENT,
        message="Third dimension must be 3 or 4"),
]
