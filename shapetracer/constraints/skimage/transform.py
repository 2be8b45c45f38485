"""``skimage.transform.resize``/``rescale`` and ``skimage.color`` conversions.

``resize(image, output_shape)`` gives ``output_shape``, or, one entry short, that plus the
image's last axis (its channels); fewer entries are refused ("output_shape length cannot
be smaller than the image number of dimensions").  The result is float64 unless the image
was float32.  ``rgb2gray`` needs 3 channels on the last axis and drops it; ``rgba2rgb``
needs 4 and gives 3; ``gray2rgb`` of a 2-D image adds an axis of 3.  Reference:
scikit-image 0.26.
"""

from __future__ import annotations

from shapetracer.constraints.core.arrays import array_result, unknown_array
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import Dim
from shapetracer.rules import codes


def _float_result(dtype: str | None) -> str | None:
    return "float32" if dtype == "float32" else "float64" if dtype is not None else None


@op("skimage.transform.resize")
def resize(ctx: OpContext, image, output_shape, order=None, mode="reflect", cval=0, clip=True, preserve_range=False,
           anti_aliasing=None, anti_aliasing_sigma=None):
    x = ctx.tensor(image)
    wanted = ctx.shape_arg(output_shape)
    dtype = _float_result(x.dtype if x is not None else None)
    if x is None or x.shape.dims is None or wanted is None:
        return unknown_array(ctx, dtype)
    rank = len(x.shape.dims)
    if len(wanted) < rank - 1:
        ctx.fail(codes.ARG_LENGTH, ctx.msg("output_shape length cannot be smaller than the image number of "
                                           "dimensions (output_shape has {length} entries, the image has {rank} dimensions)",
                                           length=len(wanted), rank=rank), [x])
        return unknown_array(ctx, dtype)
    dims = [d if d is not None else ctx.fresh("size") for d in wanted]
    if len(wanted) == rank - 1:
        dims.append(x.shape.dims[-1])
    return array_result(ctx, dims, dtype, label="resized to")


@op("skimage.transform.rescale")
def rescale(ctx: OpContext, image, scale, *args, channel_axis=None, multichannel=None, **kwargs):
    """Every axis scaled but the channel axis (unknown sizes: the rounding is not followed)."""
    x = ctx.tensor(image)
    dtype = _float_result(x.dtype if x is not None else None)
    if x is None or x.shape.dims is None:
        return unknown_array(ctx, dtype)
    axis = ctx.int(channel_axis)
    keep = axis % len(x.shape.dims) if axis is not None and x.shape.dims else None
    if axis is None and ctx.bool(multichannel, False):
        keep = len(x.shape.dims) - 1
    if axis is None and not ctx.is_none(channel_axis):
        return unknown_array(ctx, dtype)
    return array_result(ctx, [d if i == keep else ctx.fresh("scaled") for i, d in enumerate(x.shape.dims)], dtype,
                        label="rescaled to")


def _channels(ctx: OpContext, image, want: int) -> Dim | None | bool:
    """The last axis of ``image``, which must hold ``want`` channels; False after a report."""
    x = ctx.tensor(image)
    if x is None or x.shape.dims is None or not x.shape.dims:
        return None
    last = x.shape.dims[-1]
    if last.known and last.value != want:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("the input array must have size {count} along `channel_axis`, got "
                                                  "{shape:keras}", count=want, shape=x.shape), [x])
        return False
    return last


@op("skimage.color.rgb2gray")
def rgb2gray(ctx: OpContext, rgb, *, channel_axis=-1):
    if _channels(ctx, rgb, 3) is False:
        return unknown_array(ctx, "float64")
    x = ctx.tensor(rgb)
    if x is None or x.shape.dims is None or not ctx.is_none(channel_axis) and ctx.int(channel_axis) != -1:
        return unknown_array(ctx, "float64")
    return array_result(ctx, list(x.shape.dims[:-1]), "float64", label="converted to")


@op("skimage.color.rgba2rgb")
def rgba2rgb(ctx: OpContext, rgba, background=(1, 1, 1), *, channel_axis=-1):
    if _channels(ctx, rgba, 4) is False:
        return unknown_array(ctx, "float64")
    x = ctx.tensor(rgba)
    if x is None or x.shape.dims is None or ctx.int(channel_axis) != -1:
        return unknown_array(ctx, "float64")
    return array_result(ctx, [*x.shape.dims[:-1], Dim(3, frozenset({ctx.site}))], "float64", label="converted to")


@op("skimage.color.gray2rgb")
def gray2rgb(ctx: OpContext, image, *, channel_axis=-1):
    x = ctx.tensor(image)
    if x is None or x.shape.rank != 2 or ctx.int(channel_axis) != -1:
        return unknown_array(ctx, x.dtype if x is not None else None)  # other ranks: versions differ
    return array_result(ctx, [*x.shape.dims, Dim(3, frozenset({ctx.site}))], x.dtype, label="converted to")


EXAMPLES = [
    ok("skimage.transform.resize", A(60, 40, 3, dtype="uint8"), (20, 30), expect=[20, 30, 3]),
    ok("skimage.transform.resize", A(None, None, 3), (64, 64, 3), expect=[64, 64, 3]),
    ok("skimage.transform.resize", A(60, 40, 3), (20, 30, 1), expect=[20, 30, 1]),
    ok("skimage.transform.resize", A(60, 40), (28, 28), expect=[28, 28]),
    bad("skimage.transform.resize", A(60, 40, 3), (20,), code=codes.ARG_LENGTH,
        message="output_shape length cannot be smaller than the image number of dimensions"),
    ok("skimage.transform.rescale", A(60, 40, 3), 0.5, channel_axis=2, expect=[None, None, 3]),
    ok("skimage.transform.rescale", A(60, 40), 0.5, expect=[None, None]),
    ok("skimage.color.rgb2gray", A(None, None, 3), expect=[None, None]),
    ok("skimage.color.rgb2gray", A(5, 60, 40, 3), expect=[5, 60, 40]),
    bad("skimage.color.rgb2gray", A(60, 40, 4), code=codes.SHAPE_REQUIREMENT,
        message="the input array must have size 3 along `channel_axis`, got (60, 40, 4)"),
    ok("skimage.color.rgba2rgb", A(60, 40, 4), expect=[60, 40, 3]),
    bad("skimage.color.rgba2rgb", A(60, 40, 3), code=codes.SHAPE_REQUIREMENT,
        message="the input array must have size 4 along `channel_axis`"),
    ok("skimage.color.gray2rgb", A(60, 40), expect=[60, 40, 3]),
]
