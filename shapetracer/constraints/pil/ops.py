"""``PIL.ImageOps``: whole-image operations.

``fit`` and ``pad`` give exactly the size asked for (``(width, height)``), ``contain`` and
``exif_transpose`` a size decided by the image (its aspect, its EXIF orientation);
``grayscale`` makes an ``L`` image; the others keep size and mode.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.examples import ANY, bad, instance_of, ok
from shapetracer.constraints.core.images import PIL_IMAGE, image_mode, image_size, is_image, pil_image
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.pil.image import size_pair
from shapetracer.rules import codes
from shapetracer.domain.values import UNKNOWN, Const, Obj, Seq


def _keep(ctx: OpContext, image: Any, mode: str | None = None, resized: bool = False, size: Any = None):
    if not is_image(image):
        return UNKNOWN
    width, height = image_size(ctx, image)
    if resized:
        pair = size_pair(ctx, size, "argument 1 must be sequence of length 2, not {length}") \
            if size is not None else (None, None)
        if pair is None:
            return UNKNOWN
        width, height = pair
    return pil_image(ctx, width, height, mode or image_mode(ctx, image))


@op("PIL.ImageOps.fit", "PIL.ImageOps.pad")
def fit(ctx: OpContext, image, size, *args, **kwargs):
    return _keep(ctx, image, resized=True, size=size)


@op("PIL.ImageOps.contain", "PIL.ImageOps.exif_transpose", "PIL.ImageOps.expand", "PIL.ImageOps.crop",
    "PIL.ImageOps.scale")
def resized(ctx: OpContext, image, *args, **kwargs):
    """A size the image decides: not known."""
    return _keep(ctx, image, resized=True)


@op("PIL.ImageOps.grayscale")
def grayscale(ctx: OpContext, image):
    return _keep(ctx, image, "L")


@op("PIL.ImageOps.invert", "PIL.ImageOps.mirror", "PIL.ImageOps.flip", "PIL.ImageOps.autocontrast",
    "PIL.ImageOps.equalize", "PIL.ImageOps.posterize", "PIL.ImageOps.solarize")
def same(ctx: OpContext, image, *args, **kwargs):
    return _keep(ctx, image)


def _image(width: int, height: int, mode: str | None) -> Obj:
    return Obj(PIL_IMAGE, {"size": Seq([Const(width), Const(height)], "tuple"), "width": Const(width),
                           "height": Const(height), "mode": Const(mode) if mode else UNKNOWN})


EXAMPLES = [
    ok("PIL.ImageOps.fit", _image(53, 53, "L"), (224, 224), expect=instance_of(PIL_IMAGE, width=224, height=224,
                                                                              mode=Const("L"))),
    ok("PIL.ImageOps.pad", _image(40, 60, "RGB"), (50, 50), expect=instance_of(PIL_IMAGE, width=50, height=50)),
    ok("PIL.ImageOps.contain", _image(40, 60, "RGB"), (50, 50), expect=instance_of(PIL_IMAGE, width=ANY)),
    ok("PIL.ImageOps.grayscale", _image(40, 60, "RGB"), expect=instance_of(PIL_IMAGE, width=40, mode=Const("L"))),
    ok("PIL.ImageOps.invert", _image(40, 60, "RGB"), expect=instance_of(PIL_IMAGE, width=40, mode=Const("RGB"))),
    ok("PIL.ImageOps.exif_transpose", _image(40, 60, None), expect=instance_of(PIL_IMAGE)),
    *[ok(f"PIL.ImageOps.{name}", _image(40, 60, "RGB"), expect=instance_of(PIL_IMAGE, width=40, mode=Const("RGB")))
      for name in ("autocontrast", "equalize", "flip", "mirror", "posterize", "solarize")],
    *[ok(f"PIL.ImageOps.{name}", _image(40, 60, "RGB"), 2, expect=instance_of(PIL_IMAGE, mode=Const("RGB")))
      for name in ("crop", "expand", "scale")],
    bad("PIL.ImageOps.fit", _image(53, 53, "L"), (224, 224, 3), code=codes.ARG_LENGTH,
        message="argument 1 must be sequence of length 2, not 3"),
]
