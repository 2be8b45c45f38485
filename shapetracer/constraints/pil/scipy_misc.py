"""``scipy.misc.imread``/``imresize``/``imsave``: SciPy's Pillow-based image helpers, which
TensorFlow 1 era scripts use (removed in SciPy 1.2).

``imread`` gives what the file holds unless ``mode=`` converts it ("RGB": ``(h, w, 3)``,
"L": ``(h, w)``) or ``flatten=True`` makes it grey (2-D float32).  ``imresize(arr, size)``
takes ``size`` as ``(height, width)`` (unlike OpenCV), a percentage or a fraction, keeps 3
or 4 channels and returns uint8; an ``(h, w, 1)`` array or a batch is refused ("'arr' does
not have a suitable array shape for any mode.").  Verified under SciPy 1.1 with Pillow 6.2.
"""

from __future__ import annotations

from shapetracer.constraints.core.arrays import array_result, unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, ok
from shapetracer.constraints.core.images import read_in_mode
from shapetracer.constraints.core.images import image_array
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import NONE, UNKNOWN
from shapetracer.rules import codes


@op("scipy.misc.imread")
def imread(ctx: OpContext, name, flatten=False, mode=None):
    if ctx.bool(flatten, False):
        return image_array(ctx, None, None, None, "float32", label="imread gives")
    return read_in_mode(ctx, ctx.str(mode))


@op("scipy.misc.imresize")
def imresize(ctx: OpContext, arr, size, interp="bilinear", mode=None):
    x = ctx.tensor(arr)
    if x is None or x.shape.dims is None:
        return unknown_array(ctx, "uint8")
    dims = x.shape.dims
    channels = dims[2] if len(dims) == 3 else None
    if len(dims) not in (2, 3) or (channels is not None and channels.known and channels.value == 1):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("'arr' does not have a suitable array shape for any mode. (the "
                                                  "array is {shape:tuple}: an image is (height, width) or (height, "
                                                  "width, 3 or 4))", shape=x.shape), [x])
        return UNKNOWN
    if channels is not None and not (channels.known and channels.value in (3, 4)):
        return unknown_array(ctx, "uint8")
    wanted = ctx.shape_arg(size) if ctx.items(size) is not None else None
    if wanted is not None and len(wanted) >= 2:
        height, width = wanted[0] or ctx.fresh("height"), wanted[1] or ctx.fresh("width")
    else:
        height, width = ctx.fresh("height"), ctx.fresh("width")  # a percentage or a fraction
    return array_result(ctx, [height, width, *([channels] if channels is not None else [])], "uint8",
                        label="resized to")


@op("scipy.misc.imsave")
def imsave(ctx: OpContext, name, arr, format=None):
    return NONE


EXAMPLES = [
    ok("scipy.misc.imread", "photo.png", expect=UNKNOWN_SHAPE),
    ok("scipy.misc.imread", "photo.png", mode="RGB", expect=[None, None, 3]),
    ok("scipy.misc.imread", "photo.png", flatten=True, expect=[None, None]),
    ok("scipy.misc.imresize", A(60, 40, 3), (20, 30), expect=[20, 30, 3]),  # (height, width)
    ok("scipy.misc.imresize", A(None, None), (32, 32), expect=[32, 32]),
    ok("scipy.misc.imresize", A(60, 40, 4), (20, 30, 3), expect=[20, 30, 4]),
    ok("scipy.misc.imresize", A(60, 40, 3), 0.5, expect=[None, None, 3]),
    bad("scipy.misc.imresize", A(60, 40, 1), (20, 30), code=codes.SHAPE_REQUIREMENT,
        message="'arr' does not have a suitable array shape for any mode."),
    bad("scipy.misc.imresize", A(2, 60, 40, 3), (20, 30), code=codes.SHAPE_REQUIREMENT,
        message="'arr' does not have a suitable array shape for any mode."),
    ok("scipy.misc.imsave", "out.png", A(6, 4, 3), expect=NONE),
]
