"""Image processing: ``cv2.resize``, ``cvtColor``, ``threshold``, filters, flips, rotations,
borders, warps, ``split``/``merge``.

Every one of them returns a single-channel result as a 2-D array, even from a
``(h, w, 1)`` input, and takes sizes as ``(width, height)``: ``cv2.resize(img, (960,
540))`` of a colour image is ``(540, 960, 3)``.  ``resize`` with ``dsize`` empty or
``(0, 0)`` scales by ``fx``/``fy`` (rounded half to even); a ``dsize`` of another length
is refused ("Can't parse 'dsize'. Expected sequence length 2, got 3"), as is a batch of
images (a 4-D array: "!dsize.empty()").  ``cvtColor`` accepts only the channel counts of
its code's source format, and gives its target format's; the table below was measured
on opencv-python 4.5.5, 4.10 and 4.12 (each code on 2-D, 1-, 2-, 3- and 4-channel input):
``COLOR_BGR2GRAY`` of a grey image raises "Invalid number of channels in input image:
'VScn::contains(scn)' where 'scn' is 1".  ``equalizeHist`` and ``adaptiveThreshold``
take only single-channel 8-bit images.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import array_result, unknown_array
from shapetracer.constraints.core.examples import ANY, UNKNOWN_SHAPE, A, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.opencv.common import NOT_AN_IMAGE, channel_dims, channels, constant, constant_name, image
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import UNKNOWN, ApiRef, Const, Seq, Tensor
from shapetracer.rules import codes

# cvtColor: (source channel counts, result channels (1: a 2-D result)) -> codes, without "COLOR_"
_CONVERSIONS: dict[tuple[tuple[int, ...], int], str] = {
    ((1,), 1): "BAYER_BG2GRAY BAYER_BGGR2GRAY BAYER_GB2GRAY BAYER_GBRG2GRAY BAYER_GR2GRAY BAYER_GRBG2GRAY "
               "BAYER_RG2GRAY BAYER_RGGB2GRAY BayerBG2GRAY BayerBGGR2GRAY BayerGB2GRAY BayerGBRG2GRAY BayerGR2GRAY "
               "BayerGRBG2GRAY BayerRG2GRAY BayerRGGB2GRAY",
    ((1,), 2): "GRAY2BGR555 GRAY2BGR565",
    ((1,), 3): "GRAY2BGR GRAY2RGB " + " ".join(
        f"{prefix}{pattern}2{target}{suffix}" for prefix in ("BAYER_", "Bayer")
        for pattern in ("BG", "BGGR", "GB", "GBRG", "GR", "GRBG", "RG", "RGGB")
        for target in ("BGR", "RGB") for suffix in ("", "_EA", "_VNG")),
    ((1,), 4): "GRAY2BGRA GRAY2RGBA " + " ".join(
        f"{prefix}{pattern}2{target}" for prefix in ("BAYER_", "Bayer")
        for pattern in ("BG", "BGGR", "GB", "GBRG", "GR", "GRBG", "RG", "RGGB") for target in ("BGRA", "RGBA")),
    ((1, 3, 4), 3): "BGR2RGB BGRA2BGR BGRA2RGB RGB2BGR RGBA2BGR RGBA2RGB",
    ((1, 3, 4), 4): "BGR2BGRA BGR2RGBA BGRA2RGBA RGB2BGRA RGB2RGBA RGBA2BGRA",
    ((2,), 1): "BGR5552GRAY BGR5652GRAY " + " ".join(
        f"YUV2GRAY_{f}" for f in ("UYNV", "UYVY", "Y422", "YUNV", "YUY2", "YUYV", "YVYU")),
    ((2,), 3): "BGR5552BGR BGR5552RGB BGR5652BGR BGR5652RGB " + " ".join(
        f"YUV2{t}_{f}" for t in ("BGR", "RGB") for f in ("UYNV", "UYVY", "Y422", "YUNV", "YUY2", "YUYV", "YVYU")),
    ((2,), 4): "BGR5552BGRA BGR5552RGBA BGR5652BGRA BGR5652RGBA " + " ".join(
        f"YUV2{t}_{f}" for t in ("BGRA", "RGBA") for f in ("UYNV", "UYVY", "Y422", "YUNV", "YUY2", "YUYV", "YVYU")),
    ((3,), 3): "HLS2BGR HLS2BGR_FULL HLS2RGB HLS2RGB_FULL HSV2BGR HSV2BGR_FULL HSV2RGB HSV2RGB_FULL LAB2BGR LAB2LBGR "
               "LAB2LRGB LAB2RGB LUV2BGR LUV2LBGR LUV2LRGB LUV2RGB Lab2BGR Lab2LBGR Lab2LRGB Lab2RGB Luv2BGR Luv2LBGR "
               "Luv2LRGB Luv2RGB XYZ2BGR XYZ2RGB YCR_CB2BGR YCR_CB2RGB YCrCb2BGR YCrCb2RGB YUV2BGR YUV2RGB",
    ((3, 4), 1): "BGR2GRAY BGRA2GRAY RGB2GRAY RGBA2GRAY",
    ((3, 4), 2): "BGR2BGR555 BGR2BGR565 BGRA2BGR555 BGRA2BGR565 RGB2BGR555 RGB2BGR565 RGBA2BGR555 RGBA2BGR565 " + " ".join(
        f"{s}2YUV_{f}" for s in ("BGR", "BGRA", "RGB", "RGBA")
        for f in ("UYNV", "UYVY", "Y422", "YUNV", "YUY2", "YUYV", "YVYU")),
    ((3, 4), 3): "BGR2HLS BGR2HLS_FULL BGR2HSV BGR2HSV_FULL BGR2LAB BGR2LUV BGR2Lab BGR2Luv BGR2XYZ BGR2YCR_CB "
                 "BGR2YCrCb BGR2YUV LBGR2LAB LBGR2LUV LBGR2Lab LBGR2Luv LRGB2LAB LRGB2LUV LRGB2Lab LRGB2Luv RGB2HLS "
                 "RGB2HLS_FULL RGB2HSV RGB2HSV_FULL RGB2LAB RGB2LUV RGB2Lab RGB2Luv RGB2XYZ RGB2YCR_CB RGB2YCrCb RGB2YUV",
    ((4,), 4): "M_RGBA2RGBA RGBA2M_RGBA RGBA2mRGBA mRGBA2RGBA",
}
CONVERSIONS: dict[str, tuple[tuple[int, ...], int]] = {
    f"COLOR_{name}": formats for formats, names in _CONVERSIONS.items() for name in names.split()}
_MAX_CHANNELS = 512  # CV_CN_MAX


def _result(ctx: OpContext, height: Dim, width: Dim, count: Dim | None, dtype: str | None,
            label: str = "") -> Tensor:
    """``(height, width)`` plus the channel axis ``count`` channels have (none for one)."""
    trailing = channel_dims(count)
    if trailing is None:
        return unknown_array(ctx, dtype)
    return array_result(ctx, [height, width, *trailing], dtype, label=label or f"{ctx.display} gives")


def _not_a_batch(ctx: OpContext, x: Tensor) -> bool:
    """OpenCV's images are 2-D or 3-D arrays; a 4-D batch is no image (False after a report)."""
    if x.shape.rank is not None and x.shape.rank > 3:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(NOT_AN_IMAGE, detail="!dsize.empty()", shape=x.shape), [x])
        return False
    return True


# --- resize -------------------------------------------------------------------------------------

def _scaled(ctx: OpContext, size: Dim, factor: Any) -> Dim | None:
    """``saturate_cast<int>(size * factor)``: rounded half to even, when both are known."""
    scale = _number(factor)
    if scale is None:
        return None
    if size.known:
        return Dim(round(size.value * scale), frozenset({ctx.site}))
    if scale == int(scale):
        return size * int(scale)
    return ctx.fresh("scaled")


def _number(value: Any) -> float | None:
    if isinstance(value, Const) and isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
        return float(value.value)
    return None


@op("cv2.resize")
def resize(ctx: OpContext, src, dsize=None, dst=None, fx=None, fy=None, interpolation=None):
    x = image(ctx, src)
    if x is None or not _not_a_batch(ctx, x):
        return unknown_array(ctx, x.dtype if x is not None else None)
    size = ctx.shape_arg(dsize) if not ctx.is_none(dsize) else []
    if size is not None and len(size) not in (0, 2):
        ctx.fail(codes.ARG_LENGTH, ctx.msg("Can't parse '{arg}'. Expected sequence length {want_length}, got {length}",
                                           arg="dsize", want_length=2, length=len(size)))
        return unknown_array(ctx, x.dtype)
    if x.shape.rank == 1:
        return unknown_array(ctx, x.dtype)
    height, width = x.shape.dims[0], x.shape.dims[1]
    count = channels(x)
    if size is None or any(d is None for d in size):
        return _result(ctx, ctx.fresh("height"), ctx.fresh("width"), count, x.dtype, "resized to")
    if size and not all(d.known and d.value == 0 for d in size):
        if any(d.known and d.value == 0 for d in size):
            return unknown_array(ctx, x.dtype)
        return _result(ctx, size[1], size[0], count, x.dtype, "resized to")
    for name, factor in (("x", fx), ("y", fy)):
        scale = _number(factor)
        if ctx.is_none(factor) or (scale is not None and scale <= 0):
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("(-215:Assertion failed) inv_scale_{arg} > 0 (an empty dsize "
                                                      "needs positive scale factors fx and fy)", arg=name))
            return unknown_array(ctx, x.dtype)
    new_height = _scaled(ctx, height, fy) or ctx.fresh("height")
    new_width = _scaled(ctx, width, fx) or ctx.fresh("width")
    return _result(ctx, new_height, new_width, count, x.dtype, "resized to")


# --- colour -------------------------------------------------------------------------------------

@op("cv2.cvtColor")
def cvt_color(ctx: OpContext, src, code, dst=None, dstCn=None, hint=None):
    x = image(ctx, src)
    formats = CONVERSIONS.get(constant_name(code) or "")
    if x is None or formats is None or x.shape.rank not in (2, 3):
        return unknown_array(ctx, x.dtype if x is not None else None)
    sources, target = formats
    count = channels(x)
    if count is not None and count.known and count.value not in sources:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Invalid number of channels in input image: 'VScn::contains(scn)' "
                                                  "where 'scn' is {count} ({label} takes {values:or} channels; the "
                                                  "image is {shape:tuple})", count=count.value,
                                                  label=constant_name(code), values=list(sources), shape=x.shape), [x])
        return unknown_array(ctx, x.dtype)
    return _result(ctx, x.shape.dims[0], x.shape.dims[1], Dim(target, frozenset({ctx.site})), x.dtype,
                   "converted to")


def _single_channel_8bit(ctx: OpContext, x: Tensor) -> bool:
    count = channels(x)
    if count is not None and count.known and count.value != 1:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("(-215:Assertion failed) src.type() == CV_8UC1 (the image is "
                                                  "{shape:tuple}: {count} channels)", shape=x.shape, count=count.value),
                 [x])
        return False
    return True


# --- ops that keep the geometry --------------------------------------------------------------------

def _same(ctx: OpContext, src: Any, dtype: str | None = None, single: bool = False) -> Tensor:
    x = image(ctx, src)
    if x is None or x.shape.rank not in (2, 3) or (single and not _single_channel_8bit(ctx, x)):
        return unknown_array(ctx, dtype or (x.dtype if x is not None else None))
    return _result(ctx, x.shape.dims[0], x.shape.dims[1], channels(x), dtype or x.dtype)


@op("cv2.GaussianBlur", "cv2.blur", "cv2.medianBlur", "cv2.bilateralFilter", "cv2.boxFilter", "cv2.filter2D",
    "cv2.dilate", "cv2.erode", "cv2.morphologyEx", "cv2.normalize", "cv2.bitwise_not", "cv2.flip",
    "cv2.fastNlMeansDenoisingColored", "cv2.fastNlMeansDenoising", "cv2.convertScaleAbs")
def filtered(ctx: OpContext, src, *args, **kwargs):
    """Same size and channels (one channel: 2-D); convertScaleAbs makes uint8."""
    return _same(ctx, src, "uint8" if ctx.display == "convertScaleAbs" else None)


@op("cv2.Sobel", "cv2.Scharr", "cv2.Laplacian")
def derivative(ctx: OpContext, src, ddepth, *args, **kwargs):
    """The result's depth is ``ddepth`` (``cv2.CV_64F`` ...); -1 keeps the input's."""
    depth = {"CV_8U": "uint8", "CV_16U": "uint16", "CV_16S": "int16", "CV_32F": "float32",
             "CV_64F": "float64"}.get(constant_name(ddepth) or "")
    return _same(ctx, src, depth)


@op("cv2.equalizeHist")
def equalize_hist(ctx: OpContext, src, dst=None):
    return _same(ctx, src, single=True)


@op("cv2.adaptiveThreshold")
def adaptive_threshold(ctx: OpContext, src, maxValue, adaptiveMethod, thresholdType, blockSize, C, dst=None):
    return _same(ctx, src, single=True)


@op("cv2.threshold")
def threshold(ctx: OpContext, src, thresh, maxval, type, dst=None):
    """``(retval, image)``: the threshold used (Otsu's when asked) and the image."""
    return Seq([UNKNOWN, _same(ctx, src)], "tuple")


@op("cv2.Canny")
def canny(ctx: OpContext, image_, threshold1, threshold2, *args, **kwargs):
    """One edge map, 2-D uint8, whatever the input's channels."""
    x = image(ctx, image_)
    if x is None or x.shape.rank not in (2, 3):
        return unknown_array(ctx, "uint8")
    return array_result(ctx, [x.shape.dims[0], x.shape.dims[1]], "uint8", label="edges of")


@op("cv2.inRange")
def in_range(ctx: OpContext, src, lowerb, upperb, dst=None):
    x = image(ctx, src)
    if x is None or x.shape.rank not in (2, 3):
        return unknown_array(ctx, "uint8")
    return array_result(ctx, [x.shape.dims[0], x.shape.dims[1]], "uint8", label="mask of")


# --- ops that change the geometry ----------------------------------------------------------------

@op("cv2.rotate")
def rotate(ctx: OpContext, src, rotateCode, dst=None):
    x = image(ctx, src)
    turn = constant(ctx, rotateCode)
    if x is None or x.shape.rank not in (2, 3) or turn not in (0, 1, 2):
        return unknown_array(ctx, x.dtype if x is not None else None)
    height, width = x.shape.dims[0], x.shape.dims[1]
    if turn != 1:  # a quarter turn swaps them
        height, width = width, height
    return _result(ctx, height, width, channels(x), x.dtype, "rotated to")


@op("cv2.transpose")
def transpose(ctx: OpContext, src, dst=None):
    x = image(ctx, src)
    if x is None or x.shape.rank not in (2, 3):
        return unknown_array(ctx, x.dtype if x is not None else None)
    return _result(ctx, x.shape.dims[1], x.shape.dims[0], channels(x), x.dtype, "transposed to")


@op("cv2.copyMakeBorder")
def copy_make_border(ctx: OpContext, src, top, bottom, left, right, borderType, dst=None, value=None):
    x = image(ctx, src)
    pads = [ctx.dim(v) for v in (top, bottom, left, right)]
    if x is None or x.shape.rank not in (2, 3) or any(p is None for p in pads):
        return unknown_array(ctx, x.dtype if x is not None else None)
    height = x.shape.dims[0] + pads[0] + pads[1]
    width = x.shape.dims[1] + pads[2] + pads[3]
    return _result(ctx, height, width, channels(x), x.dtype, "padded to")


@op("cv2.warpAffine", "cv2.warpPerspective")
def warp(ctx: OpContext, src, M, dsize, dst=None, flags=None, borderMode=None, borderValue=None):
    """The result has ``dsize`` = ``(width, height)``."""
    x = image(ctx, src)
    size = ctx.shape_arg(dsize)
    if x is None or x.shape.rank not in (2, 3) or size is None or len(size) != 2 or None in size:
        return unknown_array(ctx, x.dtype if x is not None else None)
    return _result(ctx, size[1], size[0], channels(x), x.dtype, "warped to")


@op("cv2.pyrDown", "cv2.pyrUp")
def pyramid(ctx: OpContext, src, dst=None, dstsize=None, borderType=None):
    """Half (rounded up) or double size."""
    x = image(ctx, src)
    if x is None or x.shape.rank not in (2, 3):
        return unknown_array(ctx, x.dtype if x is not None else None)
    height, width = x.shape.dims[0], x.shape.dims[1]
    if ctx.display == "pyrDown":
        height, width = height.ceildiv(2), width.ceildiv(2)
    else:
        height, width = height * 2, width * 2
    return _result(ctx, height, width, channels(x), x.dtype, "scaled to")


# --- channels ----------------------------------------------------------------------------------------

@op("cv2.split")
def split(ctx: OpContext, m, mv=None):
    """One 2-D array per channel."""
    x = image(ctx, m)
    count = channels(x) if x is not None else None
    if x is None or count is None or not count.known or count.value > 64:
        return UNKNOWN
    return Seq([array_result(ctx, [x.shape.dims[0], x.shape.dims[1]], x.dtype, label="channel split as")
                for _ in range(count.value)], "tuple")


@op("cv2.merge")
def merge(ctx: OpContext, mv, dst=None):
    """Channels side by side: ``(h, w, sum of their channels)``."""
    parts = ctx.items(mv)
    arrays = [image(ctx, p) for p in parts] if parts is not None else None
    if not arrays or any(a is None or a.shape.rank not in (2, 3) for a in arrays):
        return unknown_array(ctx)
    counts = [channels(a) for a in arrays]
    if any(c is None or not c.known for c in counts):
        return unknown_array(ctx, arrays[0].dtype)
    total = sum(c.value for c in counts)
    first = arrays[0]
    return _result(ctx, first.shape.dims[0], first.shape.dims[1], Dim(total, frozenset({ctx.site})), first.dtype,
                   "merged to")


_GRAY = ApiRef("cv2.COLOR_BGR2GRAY")

EXAMPLES = [
    # sizes are (width, height); one channel stays 2-D, even from (h, w, 1)
    ok("cv2.resize", A(None, None, 3, dtype="uint8"), (960, 540), expect=[540, 960, 3]),
    ok("cv2.resize", A(600, 400, 3, dtype="uint8"), [224, 224], expect=[224, 224, 3]),
    ok("cv2.resize", A(None, None), (64, 32), expect=[32, 64]),
    ok("cv2.resize", A(60, 40, 1), (30, 20), expect=[20, 30]),
    ok("cv2.resize", A(60, 40, 4), (30, 20), expect=[20, 30, 4]),
    ok("cv2.resize", A(60, 40, 3), None, fx=0.5, fy=0.5, expect=[30, 20, 3]),
    ok("cv2.resize", A(7, 5, 3), (0, 0), fx=0.5, fy=0.5, expect=[4, 2, 3]),  # 3.5 -> 4, 2.5 -> 2
    ok("cv2.resize", A(None, None, 3), (0, 0), fx=2, fy=2, expect=[None, None, 3]),
    ok("cv2.resize", A(60, 40, 3), (20, 10), fx=2, expect=[10, 20, 3]),  # dsize wins
    ok("cv2.resize", A(None, None, None), (30, 20), expect=UNKNOWN_SHAPE),  # one channel would drop the axis
    bad("cv2.resize", A(None, None, 3), (224, 224, 3), code=codes.ARG_LENGTH,
        message="Can't parse 'dsize'. Expected sequence length 2, got 3"),
    bad("cv2.resize", A(60, 40, 3), None, fx=0.5, code=codes.SHAPE_REQUIREMENT, message="inv_scale_y > 0"),
    bad("cv2.resize", A(60, 40, 3), (0, 0), code=codes.SHAPE_REQUIREMENT, message="inv_scale_x > 0"),
    bad("cv2.resize", A(8, 60, 40, 3), (30, 20), code=codes.RANK_MISMATCH, message="!dsize.empty()"),
    # colour conversions: the source format's channels in, the target's out
    ok("cv2.cvtColor", A(None, None, 3), _GRAY, expect=[None, None]),
    ok("cv2.cvtColor", A(None, None, 4), ApiRef("cv2.COLOR_BGRA2GRAY"), expect=[None, None]),
    ok("cv2.cvtColor", A(None, None, 3), ApiRef("cv2.COLOR_BGR2RGB"), expect=[None, None, 3]),
    ok("cv2.cvtColor", A(None, None, 4), ApiRef("cv2.COLOR_BGRA2BGR"), expect=[None, None, 3]),
    ok("cv2.cvtColor", A(None, None), ApiRef("cv2.COLOR_GRAY2BGR"), expect=[None, None, 3]),
    ok("cv2.cvtColor", A(None, None, 1), ApiRef("cv2.COLOR_GRAY2RGB"), expect=[None, None, 3]),
    ok("cv2.cvtColor", A(None, None, 3), ApiRef("cv2.COLOR_BGR2RGBA"), expect=[None, None, 4]),
    ok("cv2.cvtColor", A(None, None, 3), ApiRef("cv2.COLOR_BGR2HSV"), expect=[None, None, 3]),
    ok("cv2.cvtColor", A(None, None, 3), 6, expect=UNKNOWN_SHAPE),  # a code by number: not read
    bad("cv2.cvtColor", A(None, None), _GRAY, code=codes.SHAPE_REQUIREMENT, message="'scn' is 1"),
    bad("cv2.cvtColor", A(None, None, 1), _GRAY, code=codes.SHAPE_REQUIREMENT, message="'scn' is 1"),
    bad("cv2.cvtColor", A(None, None, 3), ApiRef("cv2.COLOR_GRAY2BGR"), code=codes.SHAPE_REQUIREMENT,
        message="'scn' is 3"),
    bad("cv2.cvtColor", A(None, None, 4), ApiRef("cv2.COLOR_HSV2BGR"), code=codes.SHAPE_REQUIREMENT,
        message="'scn' is 4"),
    # geometry kept
    ok("cv2.GaussianBlur", A(None, None, 3), (5, 5), 0, expect=[None, None, 3]),
    *[ok(f"cv2.{name}", A(None, None, 3, dtype="uint8"), UNKNOWN, expect=[None, None, 3])
      for name in ("blur", "bilateralFilter", "boxFilter", "filter2D", "dilate", "erode", "morphologyEx", "normalize",
                   "bitwise_not", "flip", "fastNlMeansDenoisingColored", "fastNlMeansDenoising")],
    *[ok(f"cv2.{name}", A(6, 4), ApiRef("cv2.CV_32F"), 1, 1, expect=[6, 4]) for name in ("Scharr", "Laplacian")],
    ok("cv2.warpPerspective", A(None, None), A(3, 3), (10, 5), expect=[5, 10]),
    ok("cv2.medianBlur", A(None, None, 1), 3, expect=[None, None]),
    ok("cv2.threshold", A(None, None), 70, 255, ApiRef("cv2.THRESH_BINARY"), expect=(ANY, [None, None])),
    ok("cv2.Canny", A(None, None, 3), 100, 200, expect=[None, None]),
    ok("cv2.inRange", A(None, None, 3), (0, 0, 0), (10, 10, 10), expect=[None, None]),
    ok("cv2.Sobel", A(6, 4, 3, dtype="uint8"), ApiRef("cv2.CV_64F"), 1, 0, expect=[6, 4, 3]),
    ok("cv2.convertScaleAbs", A(6, 4), expect=[6, 4]),
    ok("cv2.equalizeHist", A(None, None, dtype="uint8"), expect=[None, None]),
    bad("cv2.equalizeHist", A(None, None, 3, dtype="uint8"), code=codes.SHAPE_REQUIREMENT, message="CV_8UC1"),
    bad("cv2.adaptiveThreshold", A(None, None, 3), 255, ApiRef("cv2.ADAPTIVE_THRESH_MEAN_C"),
        ApiRef("cv2.THRESH_BINARY"), 11, 2, code=codes.SHAPE_REQUIREMENT, message="CV_8UC1"),
    # geometry changed
    ok("cv2.rotate", A(6, 4, 3), ApiRef("cv2.ROTATE_90_CLOCKWISE"), expect=[4, 6, 3]),
    ok("cv2.rotate", A(6, 4), ApiRef("cv2.ROTATE_180"), expect=[6, 4]),
    ok("cv2.transpose", A(6, 4, 3), expect=[4, 6, 3]),
    ok("cv2.copyMakeBorder", A(6, 4, 3), 1, 2, 3, 4, ApiRef("cv2.BORDER_CONSTANT"), expect=[9, 11, 3]),
    ok("cv2.warpAffine", A(None, None, 3), A(2, 3), (10, 5), expect=[5, 10, 3]),
    ok("cv2.pyrDown", A(7, 4, 3), expect=[4, 2, 3]),
    ok("cv2.pyrUp", A(6, 4), expect=[12, 8]),
    ok("cv2.split", A(None, None, 3), expect=([None, None], [None, None], [None, None])),
    ok("cv2.merge", [A(6, 4), A(6, 4), A(6, 4)], expect=[6, 4, 3]),
    ok("cv2.merge", [A(6, 4, 2), A(6, 4)], expect=[6, 4, 3]),
]
