"""Keras' image file utilities: ``load_img``, ``img_to_array``, ``array_to_img``, ``save_img``
(``keras.utils`` and ``keras.preprocessing.image``, Keras 2.3 to 3).

``load_img`` converts the picture to its ``color_mode`` ("rgb" unless asked: ``grayscale``
"L", "rgba"; Keras 2's ``grayscale=True`` too), so, unlike ``PIL.Image.open``, its
channels are known; ``target_size`` is ``(height, width)``.  ``img_to_array`` always gives
3 dims, float32 unless told: ``(h, w, channels)`` of an image, a 2-D array gaining a
channel axis of 1 (channels first with ``data_format="channels_first"``), and an array of
other rank is refused ("Unsupported image shape: (1, 224, 224, 3)": a batch is no
image).  ``array_to_img`` wants one image of 1, 3 or 4 channels.  Verified under keras
2.3.1, Keras 2.15 and Keras 3.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import array_result, unknown_array
from shapetracer.constraints.core.examples import A, bad, instance_of, ok
from shapetracer.constraints.core.images import MODES, PIL_IMAGE, image_mode, image_size, is_image, pil_image
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.keras.machinery import channels_last
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import NONE, UNKNOWN, Const, Obj, Seq
from shapetracer.rules import codes

_MODULES = ("keras.utils", "keras.preprocessing.image", "keras.utils.image_utils")
_COLOR_MODES = {"grayscale": "L", "rgb": "RGB", "rgba": "RGBA"}


def _names(function: str) -> list[str]:
    return [f"{module}.{function}" for module in _MODULES]


@op(*_names("load_img"))
def load_img(ctx: OpContext, path, grayscale=False, color_mode="rgb", target_size=None, interpolation="nearest",
             keep_aspect_ratio=False):
    mode = "L" if ctx.bool(grayscale, False) else _COLOR_MODES.get(ctx.str(color_mode) or "")
    size = ctx.shape_arg(target_size) if not ctx.is_none(target_size) else None
    height, width = (size[0], size[1]) if size is not None and len(size) == 2 else (None, None)
    return pil_image(ctx, width, height, mode, "loaded as")


def _dtype(ctx: OpContext, dtype: Any) -> str | None:
    return "float32" if ctx.is_none(dtype) else (ctx.str(dtype) or None)


@op(*_names("img_to_array"))
def img_to_array(ctx: OpContext, img, data_format=None, dtype=None):
    last = channels_last(ctx, data_format)
    dtype_name = _dtype(ctx, dtype)
    if is_image(img):
        width, height = image_size(ctx, img)
        mode = image_mode(ctx, img)
        count = Dim(MODES[mode][0], frozenset({ctx.site})) if mode in MODES else ctx.fresh("channels")
        dims = [height or ctx.fresh("height"), width or ctx.fresh("width")]
    else:
        x = ctx.tensor(img)
        if x is None or x.shape.dims is None:
            return unknown_array(ctx, dtype_name)
        if x.shape.rank not in (2, 3):
            ctx.fail(codes.RANK_MISMATCH, ctx.msg("Unsupported image shape: {shape:tuple} (an image is (height, "
                                                  "width[, channels]))", shape=x.shape), [x])
            return unknown_array(ctx, dtype_name)
        if x.shape.rank == 3:
            return array_result(ctx, list(x.shape.dims), dtype_name, label="converted to")
        dims, count = list(x.shape.dims), Dim(1, frozenset({ctx.site}))
    if last is None:
        return unknown_array(ctx, dtype_name)
    return array_result(ctx, dims + [count] if last else [count] + dims, dtype_name, label="converted to")


def _image_of_array(ctx: OpContext, x: Any, data_format: Any) -> Obj | None:
    """The image ``array_to_img`` makes; None after a report (or when nothing is known)."""
    array = ctx.tensor(x)
    if array is None or array.shape.dims is None:
        return pil_image(ctx, None, None, None, "made as")
    if array.shape.rank != 3:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Expected image array to have rank 3 (single image). Got array with "
                                              "shape: {shape:tuple}", shape=array.shape), [array])
        return None
    last = channels_last(ctx, data_format)
    if last is None:
        return pil_image(ctx, None, None, None, "made as")
    height, width, count = (array.shape.dims if last else
                            (array.shape.dims[1], array.shape.dims[2], array.shape.dims[0]))
    if count.known and count.value not in (1, 3, 4):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Unsupported channel number: {count}", count=count.value), [array])
        return None
    mode = {1: "L", 3: "RGB", 4: "RGBA"}.get(count.value) if count.known else None
    return pil_image(ctx, width, height, mode, "made as")


@op(*_names("array_to_img"))
def array_to_img(ctx: OpContext, x, data_format=None, scale=True, dtype=None):
    made = _image_of_array(ctx, x, data_format)
    return made if made is not None else UNKNOWN


@op(*_names("save_img"))
def save_img(ctx: OpContext, path, x, data_format=None, file_format=None, scale=True, **kwargs):
    _image_of_array(ctx, x, data_format)
    return NONE


def _image(width: int, height: int, mode: str | None) -> Obj:
    return Obj(PIL_IMAGE, {"size": Seq([Const(width), Const(height)], "tuple"), "width": Const(width),
                           "height": Const(height), "mode": Const(mode) if mode else UNKNOWN})


EXAMPLES = [
    ok("keras.utils.load_img", "cat.jpg", expect=instance_of(PIL_IMAGE, mode=Const("RGB"))),
    ok("keras.preprocessing.image.load_img", "cat.jpg", target_size=(250, 200),
       expect=instance_of(PIL_IMAGE, width=200, height=250, mode=Const("RGB"))),
    ok("keras.utils.load_img", "digit.png", color_mode="grayscale", expect=instance_of(PIL_IMAGE, mode=Const("L"))),
    ok("keras.preprocessing.image.load_img", "digit.png", grayscale=True, target_size=(28, 28),
       expect=instance_of(PIL_IMAGE, width=28, mode=Const("L"))),
    ok("keras.utils.load_img", "icon.png", color_mode="rgba", expect=instance_of(PIL_IMAGE, mode=Const("RGBA"))),
    ok("keras.utils.img_to_array", _image(200, 250, "RGB"), expect=[250, 200, 3]),
    ok("keras.utils.img_to_array", _image(28, 28, "L"), expect=[28, 28, 1]),
    ok("keras.preprocessing.image.img_to_array", _image(28, 28, "RGBA"), expect=[28, 28, 4]),
    ok("keras.preprocessing.image.img_to_array", _image(28, 28, None), expect=[28, 28, None]),  # mode from the file
    ok("keras.utils.img_to_array", _image(28, 28, "L"), data_format="channels_first", expect=[1, 28, 28]),
    ok("keras.utils.img_to_array", A(224, 224, 3, dtype="uint8"), expect=[224, 224, 3]),
    ok("keras.utils.img_to_array", A(5, 4), expect=[5, 4, 1]),
    ok("keras.utils.img_to_array", A(5, 4), data_format="channels_first", expect=[1, 5, 4]),
    bad("keras.utils.img_to_array", A(1, 224, 224, 3), code=codes.RANK_MISMATCH,
        message="Unsupported image shape: (1, 224, 224, 3)"),
    bad("keras.preprocessing.image.img_to_array", A(784), code=codes.RANK_MISMATCH,
        message="Unsupported image shape: (784,)"),
    ok("keras.utils.array_to_img", A(5, 4, 3), expect=instance_of(PIL_IMAGE, width=4, height=5, mode=Const("RGB"))),
    ok("keras.utils.array_to_img", A(5, 4, 1), expect=instance_of(PIL_IMAGE, mode=Const("L"))),
    bad("keras.utils.array_to_img", A(5, 4), code=codes.RANK_MISMATCH,
        message="Expected image array to have rank 3 (single image). Got array with shape: (5, 4)"),
    bad("keras.utils.array_to_img", A(5, 4, 2), code=codes.SHAPE_REQUIREMENT, message="Unsupported channel number: 2"),
    ok("keras.utils.save_img", "out.png", A(5, 4, 3), expect=Const(None)),
    bad("keras.utils.save_img", "out.png", A(1, 5, 4, 3), code=codes.RANK_MISMATCH,
        message="Expected image array to have rank 3"),
]
