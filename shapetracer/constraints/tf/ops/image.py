"""Image ops (tf.image.*): resizing, cropping and padding, flips, colour conversions, codecs.

References: TensorFlow 2.21's Python wrappers in image_ops_impl.py (they raise
ValueError with their own wording: "'image' (shape (32, 32)) must have either 3
or 4 dimensions.", "height must be >= target + offset.") and the C++ shape
functions of the raw ops (ResizeBilinear & co. need rank 4, EncodeJpeg rank 3,
DecodeJpeg a scalar).  Images are ``[height, width, channels]`` or
``[batch, height, width, channels]``.

Dims that TensorFlow leaves unknown in its static shapes (decoded images, a
resize to a fed size) are made with names containing ``.shape[``: such dims
count as unknown to TensorFlow (``spec.runtime_only``), so in graph mode the
requirements on them are judged at Session.run, as TensorFlow does.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name, require_scalar
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import ApiRef, Const, Tensor
from shapetracer.constraints.core import messages


# --- shared checks ------------------------------------------------------------

def _runtime_dim(ctx: OpContext, hint: str, index: int) -> Dim:
    """A dim TensorFlow's static shape inference leaves as ``?``."""
    return ctx.fresh(f"{hint}.shape[{index}]")


def _image_3_or_4(ctx: OpContext, value: Any, what: str = "image") -> Tensor | None:
    """The image argument when its rank is known and 3 or 4; None otherwise (after a report)."""
    x = ctx.tensor(value)
    if x is None or x.shape.dims is None:
        return None
    if x.shape.rank not in (3, 4):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("'{arg}' (shape {shape:tuple}) must have either 3 or 4 dimensions.",
                                              arg=what, shape=x.shape), [x])
        return None
    return x


def _image_at_least_3d(ctx: OpContext, value: Any, up_to_4: bool = True) -> Tensor | None:
    """The image argument of flips, rot90, transpose, standardization (rank >= 3, and <= 4 for most)."""
    x = ctx.tensor(value)
    if x is None or x.shape.dims is None:
        return None
    if x.shape.rank < 3:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("'{arg}' (shape {shape:tuple}) must be at least three-dimensional.",
                                              arg="image", shape=x.shape), [x])
        return None
    if up_to_4 and x.shape.rank > 4:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("'{arg}' (shape {shape:tuple}) must have either 3 or 4 dimensions.",
                                              arg="image", shape=x.shape), [x])
        return None
    return x


def _kernel_at_least_3(ctx: OpContext, value: Any) -> Tensor | None:
    """Raw colour ops (AdjustContrastv2, AdjustHue, ...) need rank >= 3; C++ wording."""
    x = ctx.tensor(value)
    if x is None or x.shape.dims is None:
        return None
    if x.shape.rank < 3:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_least_rank(3, x.shape.rank),
                                              " (input shapes: {shape:tf})", shape=x.shape), [x])
        return None
    return x


def _without_static_rank(ctx: OpContext, value: Any, message: str) -> bool:
    """Ops that read the image's rank while the graph is built refuse a tensor whose static
    shape has none (``decode_image``'s in a graph); True after that report."""
    x = ctx.tensor(value)
    if x is not None and x.shape.no_static_rank:
        ctx.fail(codes.UNDEFINED_DIM, ctx.msg(message), [x])
        return True
    return False


def _float(value: Any) -> float | None:
    """A literal Python number (fractions such as central_fraction)."""
    if isinstance(value, Const) and isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
        return float(value.value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def _with_spatial(x: Tensor, height: Dim, width: Dim, channels: Dim | None = None) -> list[Dim]:
    """``x``'s shape with new height/width (and optionally channels); batch kept."""
    dims = list(x.shape.dims)
    offset = len(dims) - 3
    dims[offset], dims[offset + 1] = height, width
    if channels is not None:
        dims[offset + 2] = channels
    return dims


# --- resizing -----------------------------------------------------------------

def _size_pair(ctx: OpContext, size: Any, raw: bool) -> list[Dim] | None | bool:
    """The (height, width) of a size argument; None when unreadable, False after a report."""
    dims = ctx.shape_arg(size)
    if dims is None:
        return None
    if len(dims) != 2:
        message = (Message("Dimension must be 2 but is {length}", length=len(dims)) if raw else
                   Message("'size' must be a 1-D Tensor of 2 elements: new_height, new_width"))
        ctx.fail(codes.ARG_LENGTH, ctx.msg(message))
        return False
    return [d if d is not None else _runtime_dim(ctx, "resized", i) for i, d in enumerate(dims)]


def _is_nearest(ctx: OpContext, method: Any) -> bool:
    if isinstance(method, ApiRef):
        return method.qualname.endswith("NEAREST_NEIGHBOR")
    text = ctx.str(method)
    return text == "nearest" or ctx.int(method) == 1


def _resize(ctx: OpContext, images: Any, size: Any, raw: bool, preserve: Any = False,
            dtype: str | None = "float32") -> Tensor:
    if raw:
        x = ctx.tensor(images)
        if x is None or x.shape.dims is None:
            return ctx.unknown_tensor(dtype)
        if x.shape.rank != 4:
            ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(4, x.shape.rank),
                                                  " (input shapes: {shape:tf}, [2])", shape=x.shape), [x])
            return ctx.unknown_tensor(dtype)
    else:
        if _without_static_rank(ctx, images, "'images' contains no shape."):
            return ctx.unknown_tensor(dtype)
        x = _image_3_or_4(ctx, images, "images")
        if x is None:
            return ctx.unknown_tensor(dtype)
    pair = _size_pair(ctx, size, raw)
    if pair is False:
        return ctx.unknown_tensor(dtype)
    if pair is None or ctx.bool(preserve, False) is not False:
        # preserve_aspect_ratio scales to fit inside ``size``: TF leaves the result unknown.
        pair = [_runtime_dim(ctx, "resized", 0), _runtime_dim(ctx, "resized", 1)]
    return ctx.result(_with_spatial(x, pair[0], pair[1]), dtype or x.dtype, label="resized to")


@op("tf.image.resize", "tf.image.resize_images")
def resize(ctx: OpContext, images, size, method="bilinear", preserve_aspect_ratio=False, antialias=False,
           name=None, align_corners=False):
    x = ctx.tensor(images)
    dtype = x.dtype if x is not None and _is_nearest(ctx, method) else "float32"
    return _resize(ctx, images, size, False, preserve_aspect_ratio, dtype)


@op("tf.image.resize_bilinear", "tf.image.resize_bicubic")
def resize_bilinear(ctx: OpContext, images, size, align_corners=False, name=None, half_pixel_centers=False):
    return _resize(ctx, images, size, True)


@op("tf.image.resize_nearest_neighbor")
def resize_nearest_neighbor(ctx: OpContext, images, size, align_corners=False, name=None,
                            half_pixel_centers=False):
    x = ctx.tensor(images)
    return _resize(ctx, images, size, True, dtype=x.dtype if x is not None else None)


@op("tf.image.resize_area")
def resize_area(ctx: OpContext, images, size, align_corners=False, name=None):
    return _resize(ctx, images, size, True)


# --- cropping and padding -------------------------------------------------------

def _target(ctx: OpContext, value: Any, index: int) -> Dim:
    known = ctx.dim(value)
    return known if known is not None else _runtime_dim(ctx, "cropped", index)


@op("tf.image.resize_with_crop_or_pad", "tf.image.resize_image_with_crop_or_pad")
def resize_with_crop_or_pad(ctx: OpContext, image, target_height, target_width):
    x = _image_3_or_4(ctx, image)
    if x is None:
        return ctx.unknown_tensor()
    height, width = _target(ctx, target_height, 0), _target(ctx, target_width, 1)
    for label, dim in (("target_width", width), ("target_height", height)):
        if not ctx.require(dim.gt(0), codes.SHAPE_REQUIREMENT, ctx.msg("{arg} must be > 0.", arg=label), [dim]):
            return ctx.unknown_tensor(x.dtype)
    return ctx.result(_with_spatial(x, height, width), x.dtype, label="cropped or padded to")


def _offsets_nonnegative(ctx: OpContext, offset_height: Dim | None, offset_width: Dim | None,
                         dot: str) -> bool:
    for label, dim in (("offset_height", offset_height), ("offset_width", offset_width)):
        if dim is not None and not ctx.require(dim.ge(0), codes.SHAPE_REQUIREMENT,
                                               ctx.msg("{arg} must be >= 0" + dot, arg=label), [dim]):
            return False
    return True


@op("tf.image.crop_to_bounding_box")
def crop_to_bounding_box(ctx: OpContext, image, offset_height, offset_width, target_height, target_width):
    x = _image_3_or_4(ctx, image)
    if x is None:
        return ctx.unknown_tensor()
    oh, ow = ctx.dim(offset_height), ctx.dim(offset_width)
    height, width = _target(ctx, target_height, 0), _target(ctx, target_width, 1)
    if not _offsets_nonnegative(ctx, oh, ow, "."):
        return ctx.unknown_tensor(x.dtype)
    for label, dim in (("target_width", width), ("target_height", height)):
        if not ctx.require(dim.gt(0), codes.SHAPE_REQUIREMENT, ctx.msg("{label} must be > 0.", label=label), [dim]):
            return ctx.unknown_tensor(x.dtype)
    in_h, in_w = x.shape.dims[-3], x.shape.dims[-2]
    for label, have, need, offset in (("width", in_w, width, ow), ("height", in_h, height, oh)):
        if offset is None:
            continue
        if not ctx.require(have.ge(need + offset), codes.NEGATIVE_DIM,
                           ctx.msg("{arg} must be >= target + offset. (input shape {shape:tf}, target {target_size} at "
                                   "offset {offset})", arg=label, shape=x.shape, target_size=need, offset=offset),
                           [have, need, offset]):
            return ctx.unknown_tensor(x.dtype)
    return ctx.result(_with_spatial(x, height, width), x.dtype, label="cropped to")


@op("tf.image.pad_to_bounding_box")
def pad_to_bounding_box(ctx: OpContext, image, offset_height, offset_width, target_height, target_width):
    x = _image_3_or_4(ctx, image)
    if x is None:
        return ctx.unknown_tensor()
    oh, ow = ctx.dim(offset_height), ctx.dim(offset_width)
    height, width = _target(ctx, target_height, 0), _target(ctx, target_width, 1)
    if not _offsets_nonnegative(ctx, oh, ow, ""):
        return ctx.unknown_tensor(x.dtype)
    in_h, in_w = x.shape.dims[-3], x.shape.dims[-2]
    for label, have, target, offset in (("width", in_w, width, ow), ("height", in_h, height, oh)):
        if offset is None:
            continue
        if not ctx.require((target - offset).ge(have), codes.SHAPE_REQUIREMENT,
                           ctx.msg("{arg} must be <= target - offset (input shape {shape:tf}, target {target_size} at "
                                   "offset {offset})", arg=label, shape=x.shape, target_size=target, offset=offset),
                           [have, target, offset]):
            return ctx.unknown_tensor(x.dtype)
    return ctx.result(_with_spatial(x, height, width), x.dtype, label="padded to")


def _central_size(size: Dim, fraction: float) -> Dim | None:
    """TensorFlow's Python arithmetic for a static side: start = int((n - n*f) / 2), size = n - 2*start."""
    if not size.known:
        return None
    start = int((size.value - size.value * fraction) / 2)
    return Dim(size.value - 2 * start, size.origins)


@op("tf.image.central_crop")
def central_crop(ctx: OpContext, image, central_fraction):
    if _without_static_rank(ctx, image, "`image` should either be a Tensor with rank = 3 or rank = 4. Had rank = "
                                        "None."):
        return ctx.unknown_tensor()
    x = _image_at_least_3d(ctx, image)
    if x is None:
        return ctx.unknown_tensor()
    fraction = _float(central_fraction)
    if fraction is not None and not (0.0 < fraction <= 1.0):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("central_fraction must be within (0, 1]"))
        return ctx.unknown_tensor(x.dtype)
    if fraction == 1.0:
        return ctx.same_shape(x)
    in_h, in_w = x.shape.dims[-3], x.shape.dims[-2]
    height = _central_size(in_h, fraction) if fraction is not None else None
    width = _central_size(in_w, fraction) if fraction is not None else None
    return ctx.result(_with_spatial(x, height or _runtime_dim(ctx, "cropped", 0),
                                    width or _runtime_dim(ctx, "cropped", 1)), x.dtype, label="cropped to")


@op("tf.image.random_crop", "tf.random_crop")
def random_crop(ctx: OpContext, value, size, seed=None, name=None):
    """The result has shape ``size``; each size entry must fit in the input (checked when it runs)."""
    x = ctx.tensor(value)
    sizes = ctx.shape_arg(size)
    if x is None or sizes is None:
        return ctx.unknown_tensor()
    dims = [d if d is not None else _runtime_dim(ctx, "cropped", i) for i, d in enumerate(sizes)]
    if x.shape.dims is None:
        return ctx.result(dims, x.dtype, label="cropped to")
    if len(dims) != x.shape.rank:
        ctx.fail(codes.ARG_LENGTH, ctx.msg(messages.dims_must_be_equal(x.shape.rank, len(dims)),
                                           " (input shapes: [{a}], [{b}])"), [x])
        return ctx.unknown_tensor(x.dtype)
    for axis_dim, want_dim in zip(x.shape.dims, dims):
        if not ctx.require(axis_dim.ge(want_dim), codes.NEGATIVE_DIM,
                           ctx.msg("Need value.shape >= size, got {shape:join} {sizes:join}", shape=x.shape,
                                   sizes=dims),
                           [x, axis_dim, want_dim], runtime=True):
            return ctx.unknown_tensor(x.dtype)
    return ctx.result(dims, x.dtype, label="cropped to")


# --- geometry ---------------------------------------------------------------------

@op("tf.image.flip_left_right", "tf.image.flip_up_down", "tf.image.random_flip_left_right",
    "tf.image.random_flip_up_down")
def flip_left_right(ctx: OpContext, image, seed=None):
    x = _image_at_least_3d(ctx, image)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


@op("tf.image.rot90")
def rot90(ctx: OpContext, image, k=1, name=None):
    """Odd ``k`` swaps height and width (the run-time shape; graph mode's static one is ``?``)."""
    x = _image_at_least_3d(ctx, image)
    if x is None:
        return ctx.unknown_tensor()
    in_h, in_w = x.shape.dims[-3], x.shape.dims[-2]
    turns = ctx.int(k)
    if turns is None:
        if in_h.same_as(in_w):
            return ctx.same_shape(x)
        return ctx.result(_with_spatial(x, _runtime_dim(ctx, "rotated", 0), _runtime_dim(ctx, "rotated", 1)),
                          x.dtype, label="rotated to")
    if turns % 2 == 0:
        return ctx.same_shape(x)
    return ctx.result(_with_spatial(x, in_w, in_h), x.dtype, label="rotated to")


@op("tf.image.transpose", "tf.image.transpose_image")
def transpose(ctx: OpContext, image, name=None):
    x = _image_at_least_3d(ctx, image)
    if x is None:
        return ctx.unknown_tensor()
    return ctx.result(_with_spatial(x, x.shape.dims[-2], x.shape.dims[-3]), x.dtype, label="transposed to")


# --- pixel values (shape-preserving) -------------------------------------------------

@op("tf.image.per_image_standardization")
def per_image_standardization(ctx: OpContext, image):
    """A tensor of no static rank passes (its rank is asserted when the graph runs)."""
    given = ctx.tensor(image)
    if given is not None and given.shape.no_static_rank:
        return ctx.same_shape(given, "float32")
    x = _image_at_least_3d(ctx, image, up_to_4=False)
    return ctx.same_shape(x, "float32") if x is not None else ctx.unknown_tensor("float32")


@op("tf.image.convert_image_dtype")
def convert_image_dtype(ctx: OpContext, image, dtype, saturate=False, name=None):
    x = ctx.tensor(image)
    if x is None:
        return ctx.unknown_tensor(dtype_name(dtype))
    return ctx.same_shape(x, dtype_name(dtype, x.dtype))


@op("tf.image.adjust_brightness", "tf.image.random_brightness", "tf.image.adjust_jpeg_quality")
def adjust_brightness(ctx: OpContext, image, delta=None, seed=None, dct_method="", name=None):
    """Any rank; the jpeg round trip keeps the run-time shape too (its static one is ``[?,?,C]``)."""
    x = ctx.tensor(image)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


@op("tf.image.adjust_gamma")
def adjust_gamma(ctx: OpContext, image, gamma=1, gain=1):
    x = ctx.tensor(image)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


@op("tf.image.adjust_contrast", "tf.image.random_contrast")
def adjust_contrast(ctx: OpContext, images, contrast_factor=None, upper=None, seed=None):
    x = _kernel_at_least_3(ctx, images)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


@op("tf.image.adjust_hue", "tf.image.adjust_saturation", "tf.image.random_hue", "tf.image.random_saturation")
def adjust_hue(ctx: OpContext, image, delta=None, name=None, upper=None, seed=None):
    x = _kernel_at_least_3(ctx, image)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


# --- colour spaces -----------------------------------------------------------------

@op("tf.image.rgb_to_hsv", "tf.image.hsv_to_rgb", "tf.image.rgb_to_yuv", "tf.image.yuv_to_rgb")
def rgb_to_hsv(ctx: OpContext, images, name=None):
    x = ctx.tensor(images)
    if x is None or x.shape.dims is None or x.shape.rank == 0:
        return ctx.unknown_tensor()
    last = x.shape.dims[-1]
    # The YUV conversions are a tensordot with a 3x3 kernel, hence MatMul's wording.
    wording = messages.dims_must_be_equal(last, 3) if "yuv" in ctx.api else \
        Message("Dimension must be 3 but is {dim}", dim=last)
    if not ctx.require(last.eq(3), codes.SHAPE_REQUIREMENT, ctx.msg(wording, " (input shapes: {shape:tf})",
                                                                    shape=x.shape),
                       [x, last]):
        return ctx.unknown_tensor(x.dtype)
    return ctx.same_shape(x)


@op("tf.image.rgb_to_grayscale")
def rgb_to_grayscale(ctx: OpContext, images, name=None):
    x = ctx.tensor(images)
    if x is None or x.shape.dims is None or x.shape.rank == 0:
        return ctx.unknown_tensor()
    last = x.shape.dims[-1]
    if not ctx.require(last.eq(3), codes.SHAPE_REQUIREMENT,
                       ctx.msg(messages.dims_must_be_equal(last, 3),
                               " (an RGB image's last axis holds 3 channels; input shape {shape:tf})", shape=x.shape),
                       [x, last]):
        return ctx.unknown_tensor(x.dtype)
    return ctx.result(list(x.shape.dims[:-1]) + [Dim(1, frozenset({ctx.site}))], x.dtype,
                      label="converted to grayscale")


@op("tf.image.grayscale_to_rgb")
def grayscale_to_rgb(ctx: OpContext, images, name=None):
    x = ctx.tensor(images)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor()
    if x.shape.rank < 2:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("A grayscale image (shape {shape:tuple}) must be at least "
                                              "two-dimensional.", shape=x.shape), [x])
        return ctx.unknown_tensor(x.dtype)
    last = x.shape.dims[-1]
    if not ctx.require(last.eq(1), codes.SHAPE_REQUIREMENT, ctx.msg("Last dimension of a grayscale image should be "
                                                                    "size 1. (input shape {shape:tf})", shape=x.shape),
                       [x, last]):
        return ctx.unknown_tensor(x.dtype)
    return ctx.result(list(x.shape.dims[:-1]) + [Dim(3, frozenset({ctx.site}))], x.dtype,
                      label="converted to RGB")


# --- codecs -------------------------------------------------------------------------

def _decoded(ctx: OpContext, channels: Any, leading: int = 2, dtype: str | None = "uint8") -> Tensor:
    """``[?, ?, channels]`` (``leading`` unknown dims); channels 0/None means "as stored": unknown."""
    count = ctx.int(channels)
    dims = [_runtime_dim(ctx, "decoded", i) for i in range(leading)]
    dims.append(Dim(count, frozenset({ctx.site})) if count else _runtime_dim(ctx, "decoded", leading))
    return ctx.result(dims, dtype, label="decoded to")


@op("tf.image.decode_jpeg", "tf.io.decode_jpeg", "tf.image.decode_png", "tf.io.decode_png",
    "tf.image.decode_bmp", "tf.io.decode_bmp")
def decode_jpeg(ctx: OpContext, contents, channels=0, ratio=1, fancy_upscaling=True, try_recover_truncated=False,
                acceptable_fraction=1, dct_method="", name=None, dtype=None):
    if not require_scalar(ctx, contents):
        return ctx.unknown_tensor("uint8")
    return _decoded(ctx, channels, dtype=dtype_name(dtype, "uint8"))


@op("tf.image.decode_gif", "tf.io.decode_gif")
def decode_gif(ctx: OpContext, contents, name=None):
    if not require_scalar(ctx, contents):
        return ctx.unknown_tensor("uint8")
    return _decoded(ctx, 3, leading=3)


@op("tf.image.decode_image", "tf.io.decode_image")
def decode_image(ctx: OpContext, contents, channels=None, dtype="uint8", name=None, expand_animations=True):
    """With expand_animations (the default) a GIF gives rank 4, so TensorFlow does not know the
    rank: while a graph is built (TF 1, a Dataset.map function) the result has no static rank,
    which ops such as resize refuse; run eagerly, it has the decoded file's shape."""
    if not require_scalar(ctx, contents):
        return ctx.unknown_tensor()
    if ctx.bool(expand_animations, True) is not False:
        if ctx.graph.building(ctx.target):
            return ctx.result(Shape.without_static_rank(), dtype_name(dtype, "uint8"), label="decoded to")
        return ctx.unknown_tensor(dtype_name(dtype, "uint8"))
    return _decoded(ctx, channels, dtype=dtype_name(dtype, "uint8"))


@op("tf.image.encode_jpeg", "tf.io.encode_jpeg")
def encode_jpeg(ctx: OpContext, image, format="", quality=95, progressive=False, optimize_size=False,
                chroma_downsampling=True, density_unit="in", x_density=300, y_density=300, xmp_metadata="",
                name=None):
    x = ctx.tensor(image)
    if x is not None and x.shape.rank not in (None, 3):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(3, x.shape.rank),
                                              " (input shapes: {shape:tf})", shape=x.shape), [x])
        return ctx.unknown_tensor("string")
    return ctx.result([], "string", label="encoded to")


@op("tf.image.encode_png", "tf.io.encode_png")
def encode_png(ctx: OpContext, image, compression=-1, name=None):
    """One string per image: a batch ``[N, H, W, C]`` gives ``[N]``."""
    x = ctx.tensor(image)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor("string")
    if x.shape.rank < 3:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_least_rank(3, x.shape.rank),
                                              " (input shapes: {shape:tf})", shape=x.shape), [x])
        return ctx.unknown_tensor("string")
    return ctx.result(list(x.shape.dims[:-3]), "string", label="encoded to")


_STR = T(dtype="string")
_UNRANKED = Tensor(Shape.without_static_rank(), "uint8")  # decode_image's result in a graph

EXAMPLES = [
    # resize family
    ok("tf.image.resize_images", T(None, 32, 32, 3), [64, 48], expect=[None, 64, 48, 3]),
    ok("tf.image.resize", T(32, 32, 3), [64, 48], expect=[64, 48, 3]),
    ok("tf.image.resize", T(2, 32, 32, 3), T(2, dtype="int32"), expect=[2, None, None, 3]),
    ok("tf.image.resize", T(2, 32, 32, 3), [64, 48], preserve_aspect_ratio=True, expect=[2, None, None, 3]),
    bad("tf.image.resize", T(32, 32), [64, 48], code=codes.RANK_MISMATCH,
        message="'images' (shape (32, 32)) must have either 3 or 4 dimensions"),
    bad("tf.image.resize", T(1, 2, 32, 32, 3), [64, 48], code=codes.RANK_MISMATCH,
        message="'images' (shape (1, 2, 32, 32, 3)) must have either 3 or 4 dimensions"),
    bad("tf.image.resize_images", T(2, 32, 32, 3), [64, 48, 3], code=codes.ARG_LENGTH,
        message="'size' must be a 1-D Tensor of 2 elements: new_height, new_width"),
    ok("tf.image.resize_bilinear", T(2, 32, 32, 3), [64, 48], expect=[2, 64, 48, 3]),
    ok("tf.image.resize_bicubic", T(None, 32, 32, 1), [8, 8], expect=[None, 8, 8, 1]),
    bad("tf.image.resize_bilinear", T(32, 32, 3), [64, 48], code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    ok("tf.image.resize_nearest_neighbor", T(2, 32, 32, 3, dtype="uint8"), [64, 48], expect=[2, 64, 48, 3]),
    bad("tf.image.resize_nearest_neighbor", T(32, 3), [64, 48], code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 2"),
    ok("tf.image.resize_area", T(2, 32, 32, 3), [16, 16], expect=[2, 16, 16, 3]),
    bad("tf.image.resize_area", T(2, 32, 32, 3), [64, 48, 2], code=codes.ARG_LENGTH,
        message="Dimension must be 2 but is 3"),
    # crop / pad
    ok("tf.image.resize_with_crop_or_pad", T(None, 32, 32, 3), 20, 50, expect=[None, 20, 50, 3]),
    ok("tf.image.resize_image_with_crop_or_pad", T(32, 32, 3), 20, 50, expect=[20, 50, 3]),
    bad("tf.image.resize_with_crop_or_pad", T(32, 32), 20, 50, code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 32)) must have either 3 or 4 dimensions"),
    bad("tf.image.resize_image_with_crop_or_pad", T(32, 32, 3), 0, 50, code=codes.SHAPE_REQUIREMENT,
        message="target_height must be > 0"),
    ok("tf.image.crop_to_bounding_box", T(32, 32, 3), 2, 3, 20, 10, expect=[20, 10, 3]),
    ok("tf.image.crop_to_bounding_box", T(None, None, 3), 20, 3, 20, 10, expect=[20, 10, 3]),
    ok("tf.image.crop_to_bounding_box", T(4, 32, 32, 3), 0, 0, 32, 32, expect=[4, 32, 32, 3]),
    bad("tf.image.crop_to_bounding_box", T(32, 32, 3), 20, 3, 20, 10, code=codes.NEGATIVE_DIM,
        message="height must be >= target + offset"),
    bad("tf.image.crop_to_bounding_box", T(2, 32, 32, 3), 0, 0, 40, 10, code=codes.NEGATIVE_DIM,
        message="height must be >= target + offset"),
    bad("tf.image.crop_to_bounding_box", T(32, 32, 3), -1, 3, 20, 10, code=codes.SHAPE_REQUIREMENT,
        message="offset_height must be >= 0"),
    bad("tf.image.crop_to_bounding_box", T(32, 32), 1, 3, 20, 10, code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 32)) must have either 3 or 4 dimensions"),
    ok("tf.image.pad_to_bounding_box", T(32, 32, 3), 2, 3, 40, 40, expect=[40, 40, 3]),
    ok("tf.image.pad_to_bounding_box", T(None, None, 3), 2, 3, 40, 40, expect=[40, 40, 3]),
    ok("tf.image.pad_to_bounding_box", T(8, 32, 32, 3), 0, 0, 32, 32, expect=[8, 32, 32, 3]),
    bad("tf.image.pad_to_bounding_box", T(32, 32, 3), 2, 3, 30, 40, code=codes.SHAPE_REQUIREMENT,
        message="height must be <= target - offset"),
    bad("tf.image.pad_to_bounding_box", T(32, 32, 3), 10, 3, 40, 40, code=codes.SHAPE_REQUIREMENT,
        message="height must be <= target - offset"),
    bad("tf.image.pad_to_bounding_box", T(32, 32), 0, 0, 40, 40, code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 32)) must have either 3 or 4 dimensions"),
    ok("tf.image.central_crop", T(32, 32, 3), 0.5, expect=[16, 16, 3]),
    ok("tf.image.central_crop", T(2, 33, 32, 3), 0.5, expect=[2, 17, 16, 3]),
    ok("tf.image.central_crop", T(2, 33, 32, 3), 1.0, expect=[2, 33, 32, 3]),
    ok("tf.image.central_crop", T(None, None, 3), 0.5, expect=[None, None, 3]),
    bad("tf.image.central_crop", T(32, 32, 3), 0.0, code=codes.SHAPE_REQUIREMENT,
        message="central_fraction must be within"),
    bad("tf.image.central_crop", T(32, 32), 0.5, code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 32)) must be at least three-dimensional"),
    ok("tf.image.random_crop", T(32, 32, 3), [20, 20, 3], expect=[20, 20, 3]),
    ok("tf.random_crop", T(None, None, 3), [20, 20, 3], expect=[20, 20, 3]),
    ok("tf.image.random_crop", T(rank_unknown=True), [24, 24, 3], expect=[24, 24, 3]),
    bad("tf.image.random_crop", T(32, 32, 3), [40, 20, 3], code=codes.NEGATIVE_DIM,
        message="Need value.shape >= size, got 32, 32, 3 40, 20, 3"),
    bad("tf.random_crop", T(32, 32, 3), [20, 20], code=codes.ARG_LENGTH,
        message="Dimensions must be equal, but are 3 and 2"),
    # geometry
    ok("tf.image.flip_left_right", T(None, 32, 30, 3), expect=[None, 32, 30, 3]),
    ok("tf.image.flip_up_down", T(32, 30, 3), expect=[32, 30, 3]),
    ok("tf.image.random_flip_left_right", T(32, 30, 3), expect=[32, 30, 3]),
    ok("tf.image.random_flip_up_down", T(2, 32, 30, 3), expect=[2, 32, 30, 3]),
    bad("tf.image.flip_left_right", T(32, 30), code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 30)) must be at least three-dimensional"),
    bad("tf.image.random_flip_up_down", T(1, 2, 32, 30, 3), code=codes.RANK_MISMATCH,
        message="'image' (shape (1, 2, 32, 30, 3)) must have either 3 or 4 dimensions"),
    ok("tf.image.rot90", T(32, 30, 3), expect=[30, 32, 3]),
    ok("tf.image.rot90", T(32, 30, 3), k=2, expect=[32, 30, 3]),
    ok("tf.image.rot90", T(5, 32, 30, 3), 3, expect=[5, 30, 32, 3]),
    ok("tf.image.rot90", T(5, 32, 30, 3), T(dtype="int32"), expect=[5, None, None, 3]),
    bad("tf.image.rot90", T(32, 30), code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 30)) must be at least three-dimensional"),
    ok("tf.image.transpose", T(32, 30, 3), expect=[30, 32, 3]),
    ok("tf.image.transpose_image", T(5, 32, 30, 3), expect=[5, 30, 32, 3]),
    bad("tf.image.transpose", T(32, 30), code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 30)) must be at least three-dimensional"),
    # pixel values
    ok("tf.image.per_image_standardization", T(32, 30, 3), expect=[32, 30, 3]),
    ok("tf.image.per_image_standardization", T(4, 32, 30, 3), expect=[4, 32, 30, 3]),
    bad("tf.image.per_image_standardization", T(32, 30), code=codes.RANK_MISMATCH,
        message="'image' (shape (32, 30)) must be at least three-dimensional"),
    ok("tf.image.convert_image_dtype", T(32, 30, 3, dtype="uint8"), "float32", expect=[32, 30, 3]),
    ok("tf.image.convert_image_dtype", T(30), "float32", expect=[30]),
    ok("tf.image.adjust_brightness", T(30), 0.1, expect=[30]),
    ok("tf.image.random_brightness", T(32, 30, 3), 0.1, expect=[32, 30, 3]),
    ok("tf.image.adjust_jpeg_quality", T(32, 30, 3), 50, expect=[32, 30, 3]),
    ok("tf.image.adjust_gamma", T(32, 30, 4), 0.1, expect=[32, 30, 4]),
    ok("tf.image.adjust_contrast", T(32, 30, 3), 0.1, expect=[32, 30, 3]),
    ok("tf.image.random_contrast", T(32, 30, 3), 0.1, 0.5, expect=[32, 30, 3]),
    bad("tf.image.adjust_contrast", T(30, 3), 0.1, code=codes.RANK_MISMATCH,
        message="Shape must be at least rank 3 but is rank 2"),
    ok("tf.image.adjust_saturation", T(32, 30, 3), 0.1, expect=[32, 30, 3]),
    ok("tf.image.random_hue", T(32, 30, 3), 0.1, expect=[32, 30, 3]),
    ok("tf.image.random_saturation", T(None, 32, 30, 3), 0.5, 1.5, expect=[None, 32, 30, 3]),
    bad("tf.image.adjust_hue", T(3), 0.1, code=codes.RANK_MISMATCH,
        message="Shape must be at least rank 3 but is rank 1"),
    # colour spaces
    ok("tf.image.rgb_to_hsv", T(32, 30, 3), expect=[32, 30, 3]),
    ok("tf.image.hsv_to_rgb", T(None, 8, 8, 3), expect=[None, 8, 8, 3]),
    ok("tf.image.yuv_to_rgb", T(8, 8, 3), expect=[8, 8, 3]),
    bad("tf.image.hsv_to_rgb", T(8, 8, 1), code=codes.SHAPE_REQUIREMENT, message="Dimension must be 3 but is 1"),
    bad("tf.image.rgb_to_hsv", T(32, 30, 4), code=codes.SHAPE_REQUIREMENT, message="Dimension must be 3 but is 4"),
    bad("tf.image.rgb_to_yuv", T(4, 4), code=codes.SHAPE_REQUIREMENT,
        message="Dimensions must be equal, but are 4 and 3"),
    ok("tf.image.rgb_to_grayscale", T(None, 32, 32, 3), expect=[None, 32, 32, 1]),
    ok("tf.image.rgb_to_grayscale", T(32, 3), expect=[32, 1]),
    ok("tf.image.rgb_to_grayscale", T(32, 32, None), expect=[32, 32, 1]),
    bad("tf.image.rgb_to_grayscale", T(32, 32, 1), code=codes.SHAPE_REQUIREMENT,
        message="Dimensions must be equal, but are 1 and 3"),
    bad("tf.image.rgb_to_grayscale", T(32, 32, 4), code=codes.SHAPE_REQUIREMENT,
        message="Dimensions must be equal, but are 4 and 3"),
    ok("tf.image.grayscale_to_rgb", T(32, 32, 1), expect=[32, 32, 3]),
    ok("tf.image.grayscale_to_rgb", T(5, 1), expect=[5, 3]),
    ok("tf.image.grayscale_to_rgb", T(32, 32, None), expect=[32, 32, 3]),
    bad("tf.image.grayscale_to_rgb", T(32, 32, 3), code=codes.SHAPE_REQUIREMENT,
        message="Last dimension of a grayscale image should be size 1"),
    bad("tf.image.grayscale_to_rgb", T(1), code=codes.RANK_MISMATCH,
        message="A grayscale image (shape (1,)) must be at least two-dimensional"),
    # codecs
    ok("tf.image.decode_jpeg", _STR, expect=[None, None, None]),
    ok("tf.io.decode_jpeg", _STR, channels=3, expect=[None, None, 3]),
    ok("tf.image.decode_png", _STR, channels=1, expect=[None, None, 1]),
    ok("tf.image.decode_bmp", _STR, expect=[None, None, None]),
    ok("tf.io.decode_bmp", _STR, channels=3, expect=[None, None, 3]),
    ok("tf.image.decode_gif", _STR, expect=[None, None, None, 3]),
    ok("tf.image.decode_image", _STR, channels=3, expand_animations=False, expect=[None, None, 3]),
    ok("tf.io.decode_image", _STR, expect=UNKNOWN_SHAPE),
    bad("tf.image.decode_jpeg", T(2, dtype="string"), code=codes.RANK_MISMATCH,
        message="Shape must be rank 0 but is rank 1"),
    bad("tf.image.decode_image", T(2, dtype="string"), code=codes.RANK_MISMATCH,
        message="Shape must be rank 0 but is rank 1"),
    # in a graph (TF 1 here) decode_image's result has no static rank, and resize needs one
    ok("tf.image.decode_image", _STR, channels=1, target="1.15", expect=UNKNOWN_SHAPE),
    bad("tf.image.resize_images", _UNRANKED, [28, 28], code=codes.UNDEFINED_DIM, message="'images' contains no shape."),
    bad("tf.image.resize", _UNRANKED, [28, 28], code=codes.UNDEFINED_DIM, message="'images' contains no shape."),
    ok("tf.image.per_image_standardization", _UNRANKED, expect=UNKNOWN_SHAPE),
    ok("tf.image.resize", T(rank_unknown=True), [28, 28], expect=UNKNOWN_SHAPE),  # only unknown to the analysis
    bad("tf.image.central_crop", _UNRANKED, 0.5, code=codes.UNDEFINED_DIM, message="Had rank = None."),
    ok("tf.image.encode_jpeg", T(32, 30, 3, dtype="uint8"), expect=[]),
    bad("tf.image.encode_jpeg", T(2, 32, 30, 3, dtype="uint8"), code=codes.RANK_MISMATCH,
        message="Shape must be rank 3 but is rank 4"),
    ok("tf.image.encode_png", T(32, 30, 3, dtype="uint8"), expect=[]),
    ok("tf.io.encode_png", T(2, 32, 30, 3, dtype="uint8"), expect=[2]),
    bad("tf.image.encode_png", T(32, 3, dtype="uint8"), code=codes.RANK_MISMATCH,
        message="Shape must be at least rank 3 but is rank 2"),
]
