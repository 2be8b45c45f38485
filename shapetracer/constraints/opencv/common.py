"""What every OpenCV family reads: its integer constants (``cv2.IMREAD_GRAYSCALE``, the
``cv2.COLOR_*`` codes) and the channels of an image array."""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.spec import OpContext
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import ApiRef, Tensor

# OpenCV refusing an array that is no image (a batch): its assertion, then why.
NOT_AN_IMAGE = ("(-215:Assertion failed) {detail} (an array of shape {shape:tuple} is not an image: OpenCV takes "
                "(height, width[, channels]))")

# The constants whose value decides a shape (read by name: cv2's own values).
CONSTANTS: dict[str, int] = {
    "IMREAD_UNCHANGED": -1, "IMREAD_GRAYSCALE": 0, "IMREAD_COLOR": 1, "IMREAD_COLOR_BGR": 1, "IMREAD_ANYDEPTH": 2,
    "IMREAD_ANYCOLOR": 4, "IMREAD_LOAD_GDAL": 8, "IMREAD_REDUCED_GRAYSCALE_2": 16, "IMREAD_REDUCED_COLOR_2": 17,
    "IMREAD_REDUCED_GRAYSCALE_4": 32, "IMREAD_REDUCED_COLOR_4": 33, "IMREAD_REDUCED_GRAYSCALE_8": 64,
    "IMREAD_REDUCED_COLOR_8": 65, "IMREAD_IGNORE_ORIENTATION": 128, "IMREAD_COLOR_RGB": 256,
    "ROTATE_90_CLOCKWISE": 0, "ROTATE_180": 1, "ROTATE_90_COUNTERCLOCKWISE": 2,
}


def constant_name(value: Any) -> str | None:
    """``cv2.COLOR_BGR2GRAY`` -> ``COLOR_BGR2GRAY``; None for anything else."""
    if isinstance(value, ApiRef) and value.qualname.startswith("cv2."):
        return value.qualname.rsplit(".", 1)[-1]
    return None


def constant(ctx: OpContext, value: Any) -> int | None:
    """An integer flag, given as a literal or as a cv2 constant."""
    name = constant_name(value)
    if name is not None:
        return CONSTANTS.get(name)
    return ctx.int(value)


def image(ctx: OpContext, value: Any) -> Tensor | None:
    """An image argument of known rank, else None."""
    x = ctx.tensor(value)
    if x is None or x.shape.dims is None:
        return None
    return x


def channels(x: Tensor) -> Dim | None:
    """The channel count of an image array: 1 for a 2-D one, the last dim of a 3-D one."""
    if x.shape.rank == 2:
        return Dim(1)
    if x.shape.rank == 3:
        return x.shape.dims[2]
    return None


def channel_dims(count: Dim | None) -> list[Dim] | None:
    """The trailing dims of a result with ``count`` channels: none for one channel (OpenCV
    returns a single-channel result as a 2-D array, even from ``(h, w, 1)``); None when the
    count is not known, since then neither is the rank."""
    if count is None or not count.known:
        return None
    return [] if count.value == 1 else [count]
