"""What the general image readers (imageio, scikit-image, matplotlib) share: a file read
without a mode gives what the file holds, so neither rank nor channels are known (a grey
PNG is ``(h, w)``, one with transparency ``(h, w, 4)``, a GIF may be ``(frames, h, w, 3)``);
a mode asked for fixes both.  Writers refuse an ``(h, w, 1)`` array ("Can't write images
with one color channel.").
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.arrays import unknown_array
from shapetracer.constraints.core.images import MODES, image_array
from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import Tensor
from shapetracer.rules import codes

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
