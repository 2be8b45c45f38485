"""Reading and writing images: ``cv2.imread``/``imdecode`` and video frames.

``imread(path, flags)`` gives ``(h, w, 3)`` uint8 with the default ``IMREAD_COLOR`` (any
file: grey ones are expanded, an alpha channel dropped), ``(h, w)`` with
``IMREAD_GRAYSCALE`` (0) or ``IMREAD_ANYDEPTH`` alone, and what the file holds with
``IMREAD_UNCHANGED`` (-1) or ``IMREAD_ANYCOLOR``: then neither the rank nor the channels
are known.  ``IMREAD_ANYDEPTH`` keeps 16-bit and float files as they are, so the dtype is
known only without it.  The sizes always come from the file.  (A path that cannot be read
gives None; that is not a shape question.)
"""

from __future__ import annotations

from shapetracer.constraints.core.arrays import unknown_array
from shapetracer.constraints.core.examples import UNKNOWN_SHAPE, A, bad, ok
from shapetracer.constraints.core.images import image_array
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.opencv.common import channels, constant, image
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import UNKNOWN, ApiRef, Const, Obj, Seq, Tensor
from shapetracer.rules import codes

_COLOR, _ANYDEPTH, _ANYCOLOR, _COLOR_RGB = 1, 2, 4, 256


def _read(ctx: OpContext, flags) -> Tensor:
    """The array a read with ``flags`` gives (the default ``IMREAD_COLOR`` when None)."""
    flag = 1 if ctx.is_none(flags) else constant(ctx, flags)
    if flag is None or flag < 0:
        return unknown_array(ctx)  # IMREAD_UNCHANGED: as the file is
    dtype = None if flag & _ANYDEPTH else "uint8"
    if flag & (_COLOR | _COLOR_RGB):
        return image_array(ctx, None, None, Dim(3, frozenset({ctx.site})), dtype, label=f"{ctx.display} gives")
    if flag & _ANYCOLOR:
        return unknown_array(ctx, dtype)
    return image_array(ctx, None, None, None, dtype, label=f"{ctx.display} gives")


@op("cv2.imread")
def imread(ctx: OpContext, filename, flags=None):
    return _read(ctx, flags)


@op("cv2.imdecode")
def imdecode(ctx: OpContext, buf, flags):
    """The buffer is the file's bytes, a 1-D uint8 array."""
    data = ctx.tensor(buf)
    if data is not None and data.shape.rank is not None and data.shape.rank > 1 \
            and not any(d.known and d.value == 1 for d in data.shape.dims):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("(-215:Assertion failed) buf.checkVector(1, CV_8U) > 0 (the buffer "
                                                  "is {shape:tuple}: the encoded file as a 1-D uint8 array)",
                                                  shape=data.shape), [data])
        return unknown_array(ctx)
    return _read(ctx, flags)


@op("cv2.imwrite")
def imwrite(ctx: OpContext, filename, img, params=None):
    """Images of 1, 3 or 4 channels can be written (a 4-D array only makes it return False)."""
    x = image(ctx, img)
    count = channels(x) if x is not None else None
    if count is not None and count.known and count.value not in (1, 3, 4):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("(-215:Assertion failed) image.channels() == 1 || image.channels() == "
                                                  "3 || image.channels() == 4 (the image is {shape:tuple})",
                                                  shape=x.shape), [x])
        return UNKNOWN
    return UNKNOWN if x is not None and x.shape.rank not in (2, 3) else Const(True)


@op("cv2.haveImageReader", "cv2.haveImageWriter")
def have_codec(ctx: OpContext, filename):
    return UNKNOWN


_CAPTURE = "cv2.VideoCapture"


@op(_CAPTURE)
def video_capture(ctx: OpContext, *args, **kwargs):
    return Obj(_CAPTURE, {}, ctx.site)


@op(f"{_CAPTURE}.read")
def capture_read(ctx: OpContext, self, image=None):
    """``(ok, frame)``: frames are converted to BGR, ``(h, w, 3)`` uint8."""
    frame = image_array(ctx, None, None, Dim(3, frozenset({ctx.site})), "uint8", label="frame read as")
    return Seq([Const(True), frame], "tuple")


EXAMPLES = [
    ok("cv2.imread", "photo.jpg", expect=[None, None, 3]),
    ok("cv2.imread", "photo.jpg", 1, expect=[None, None, 3]),
    ok("cv2.imread", "photo.jpg", ApiRef("cv2.IMREAD_COLOR"), expect=[None, None, 3]),
    ok("cv2.imread", "photo.jpg", 0, expect=[None, None]),
    ok("cv2.imread", "photo.jpg", ApiRef("cv2.IMREAD_GRAYSCALE"), expect=[None, None]),
    ok("cv2.imread", "photo.jpg", ApiRef("cv2.IMREAD_REDUCED_COLOR_2"), expect=[None, None, 3]),
    ok("cv2.imread", "photo.jpg", ApiRef("cv2.IMREAD_REDUCED_GRAYSCALE_4"), expect=[None, None]),
    ok("cv2.imread", "depth.png", ApiRef("cv2.IMREAD_ANYDEPTH"), expect=[None, None]),
    # as the file is: a grey PNG is (h, w), one with transparency (h, w, 4)
    ok("cv2.imread", "photo.png", -1, expect=UNKNOWN_SHAPE),
    ok("cv2.imread", "photo.png", ApiRef("cv2.IMREAD_UNCHANGED"), expect=UNKNOWN_SHAPE),
    ok("cv2.imread", "photo.png", ApiRef("cv2.IMREAD_ANYCOLOR"), expect=UNKNOWN_SHAPE),
    ok("cv2.imread", "photo.png", ApiRef("cv2.IMWRITE_JPEG_QUALITY"), expect=UNKNOWN_SHAPE),  # not a read flag
    ok("cv2.imdecode", A(None, dtype="uint8"), ApiRef("cv2.IMREAD_COLOR"), expect=[None, None, 3]),
    ok("cv2.imdecode", A(None, dtype="uint8"), 0, expect=[None, None]),
    ok("cv2.imwrite", "out.png", A(None, None, 3), expect=True),
    ok("cv2.VideoCapture.read", Obj(_CAPTURE), expect=(True, [None, None, 3])),
    ok("cv2.imwrite", "out.png", A(None, None), expect=True),
    ok("cv2.haveImageReader", "photo.png", expect=UNKNOWN),
    ok("cv2.haveImageWriter", "photo.png", expect=UNKNOWN),
    bad("cv2.imwrite", "out.png", A(None, None, 2), code=codes.SHAPE_REQUIREMENT,
        message="image.channels() == 1 || image.channels() == 3 || image.channels() == 4"),
    bad("cv2.imdecode", A(6, 4, dtype="uint8"), 1, code=codes.SHAPE_REQUIREMENT,
        message="buf.checkVector(1, CV_8U) > 0"),
]
