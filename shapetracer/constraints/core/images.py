"""Images as the libraries beside TensorFlow hold them: PIL's ``Image`` objects, and the
``(height, width)`` or ``(height, width, channels)`` arrays every image loader returns.

A PIL image is an ``Obj`` of type ``PIL.Image.Image`` whose attributes are what a program
reads of it: ``size`` (``(width, height)``, PIL's order), ``width``, ``height`` and ``mode``.
Its mode decides the array numpy makes of it (``np.asarray(image)``): one band gives a
2-D array, more bands a trailing channel axis.  A mode read from the file (``Image.open``
without ``convert``) is unknown, and so is the rank of that array: a grey JPEG gives
``(h, w)``, a PNG with transparency ``(h, w, 4)``; nothing about it can be an error.

PIL (``pil/``), Keras' image utilities (``keras/``) and numpy's conversions (``numpy/``)
all make and read these values, so the model lives here, below them.

What the general image readers (imageio, scikit-image, matplotlib, scipy.misc) share is here
too: a file read without a mode gives what the file holds, so neither rank nor channels are
known (a GIF may even be ``(frames, h, w, 3)``); a mode asked for fixes both.  Writers refuse
an ``(h, w, 1)`` array ("Can't write images with one color channel.").  Reference: Pillow
9.5 and 11.3 (the oracle environments), whose ``np.asarray`` of each mode agrees.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import array_result, unknown_array
from shapetracer.constraints.core.spec import OpContext
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import UNKNOWN, Const, Obj, Seq, Tensor, Value, dim_int

PIL_IMAGE = "PIL.Image.Image"

# mode -> (bands, dtype of its array); one band: the array has no channel axis
MODES: dict[str, tuple[int, str]] = {
    "1": (1, "bool"), "L": (1, "uint8"), "P": (1, "uint8"), "I": (1, "int32"), "F": (1, "float32"),
    "I;16": (1, "uint16"), "LA": (2, "uint8"), "La": (2, "uint8"), "PA": (2, "uint8"),
    "RGB": (3, "uint8"), "YCbCr": (3, "uint8"), "LAB": (3, "uint8"), "HSV": (3, "uint8"),
    "RGBA": (4, "uint8"), "RGBa": (4, "uint8"), "RGBX": (4, "uint8"), "CMYK": (4, "uint8"),
}


def pil_image(ctx: OpContext, width: Dim | None, height: Dim | None, mode: str | None,
              label: str = "") -> Obj:
    """A PIL image made at this site; unknown sizes become fresh dims (at least 1)."""
    width = width if width is not None else ctx.fresh("width")
    height = height if height is not None else ctx.fresh("height")
    site = ctx.site.relabelled(label or f"{ctx.display} gives", f"an image of size ({width}, {height})")
    w, h = dim_int(width), dim_int(height)
    return Obj(PIL_IMAGE, {"size": Seq([w, h], "tuple"), "width": w, "height": h,
                           "mode": Const(mode) if mode is not None else UNKNOWN}, site)


def is_image(value: Value) -> bool:
    return isinstance(value, Obj) and value.type_name == PIL_IMAGE


def image_size(ctx: OpContext, image: Obj) -> tuple[Dim | None, Dim | None]:
    """(width, height) of a PIL image; None for a size not known."""
    return ctx.dim(image.attrs.get("width", UNKNOWN)), ctx.dim(image.attrs.get("height", UNKNOWN))


def image_mode(ctx: OpContext, image: Obj) -> str | None:
    """The image's mode when the program fixed it (``convert``, ``Image.new``, ``load_img``)."""
    return ctx.str(image.attrs.get("mode", UNKNOWN))


def image_array(ctx: OpContext, height: Dim | None, width: Dim | None, channels: int | Dim | None,
                dtype: str | None, label: str = "") -> Tensor:
    """An image array made at this site: ``(height, width)`` when ``channels`` is None,
    else ``(height, width, channels)``; unknown sizes become fresh dims."""
    dims: list = [height if height is not None else ctx.fresh("height"),
                  width if width is not None else ctx.fresh("width")]
    if channels is not None:
        dims.append(channels)
    return array_result(ctx, dims, dtype, label=label or f"{ctx.display} gives")


def array_of_image(ctx: OpContext, image: Obj, dtype: str | None = None) -> Tensor:
    """``np.asarray(image)``: ``(height, width[, bands])`` of the image's mode; a mode read
    from the file leaves even the rank unknown."""
    mode = image_mode(ctx, image)
    if mode not in MODES:
        return unknown_array(ctx, dtype)
    bands, mode_dtype = MODES[mode]
    width, height = image_size(ctx, image)
    return image_array(ctx, height, width, bands if bands > 1 else None, dtype or mode_dtype,
                       label="converted to an array as")


# file name endings that hold one frame (the readers that read every frame of a GIF do not
# change rank on these)
SINGLE_FRAME = (".png", ".jpg", ".jpeg", ".bmp", ".ppm", ".pgm", ".webp")


def read_in_mode(ctx: OpContext, mode: str | None, dtype: str | None = None) -> Tensor:
    """The array of an image read converted to PIL ``mode``; unknown without one."""
    if mode not in MODES:
        return unknown_array(ctx, dtype)
    bands, mode_dtype = MODES[mode]
    channels = Dim(bands, frozenset({ctx.site})) if bands > 1 else None
    return image_array(ctx, None, None, channels, dtype or mode_dtype, label=f"{ctx.display} gives")


def single_frame(ctx: OpContext, uri: Any) -> bool:
    name = ctx.str(uri)
    return name is not None and name.lower().endswith(SINGLE_FRAME)


def refuse_one_channel(ctx: OpContext, image: Any) -> bool:
    """The imageio/Pillow writers' refusal of ``(h, w, 1)``; True after that report."""
    x = ctx.tensor(image)
    if x is not None and x.shape.rank == 3 and x.shape.dims[2].known and x.shape.dims[2].value == 1:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Can't write images with one color channel. (the image is "
                                                  "{shape:tuple}; squeeze the last axis)", shape=x.shape), [x])
        return True
    return False
