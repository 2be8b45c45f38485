"""``PIL.Image``: ``open``, ``new``, ``fromarray`` and the methods of an image.

Sizes are ``(width, height)``: ``Image.new("RGB", (40, 60))`` becomes a ``(60, 40, 3)``
array.  ``Image.open`` reads both the size and the mode from the file, so until the
program converts it (``convert("RGB")``) the array it makes has no known rank.
``fromarray`` picks the mode from the array: ``(h, w)`` uint8 is ``L``, float32 ``F``,
int32 ``I``, bool ``1``; ``(h, w, 3)`` uint8 ``RGB`` and ``(h, w, 4)`` ``RGBA``.
Reference: Pillow 9.5 and 11.3.
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.examples import ANY, A, bad, instance_of, ok
from shapetracer.constraints.core.images import MODES, PIL_IMAGE, image_mode, image_size, is_image, pil_image
from shapetracer.constraints.core.paths import SUFFIX, remember, saved_key
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import Dim
from shapetracer.rules import codes
from shapetracer.domain.values import NONE, UNKNOWN, ApiRef, Const, Obj, Seq, Tensor, dim_int

_IMAGE = instance_of(PIL_IMAGE)


def size_pair(ctx: OpContext, size: Any, refused: str = "") -> tuple[Dim | None, Dim | None] | None:
    """A ``(width, height)`` argument; (None, None) when it is not a known pair.  With
    ``refused`` (Pillow's words for it), a sequence of another length is reported, and
    None returned."""
    dims = ctx.shape_arg(size)
    if dims is not None and len(dims) != 2 and refused and ctx.items(size) is not None:
        ctx.fail(codes.ARG_LENGTH, ctx.msg(refused, length=len(dims)))
        return None
    if dims is None or len(dims) != 2:
        return None, None
    return dims[0], dims[1]


_SIZE_ARGUMENT = "argument 1 must be sequence of length 2, not {length}"


def _like(ctx: OpContext, image: Any, width: Dim | None = None, height: Dim | None = None,
          mode: str | None = None, keep_size: bool = True, label: str = "") -> Obj | Any:
    """A new image from ``image``: its size and mode unless given."""
    if not is_image(image):
        return UNKNOWN
    old_width, old_height = image_size(ctx, image)
    if keep_size:
        width = width if width is not None else old_width
        height = height if height is not None else old_height
    return pil_image(ctx, width, height, mode if mode is not None else image_mode(ctx, image), label)


# The modes each format writes and reads back as they were (Pillow 9.5 and 11.3): a JPEG
# keeps grey and RGB, a PNG those and RGBA.  Other modes are converted or refused.
_KEPT_MODES = {".png": ("L", "RGB", "RGBA"), ".jpg": ("L", "RGB"), ".jpeg": ("L", "RGB")}


@op("PIL.Image.open")
def open_image(ctx: OpContext, fp, mode="r", formats=None):
    """Size and mode come from the file: one this run saved into a folder it made (see
    ``save``) has the size and mode saved."""
    saved = ctx.host.saved_files.get(saved_key(fp, *_KEPT_MODES))
    if isinstance(saved, tuple) and saved[0] == "image":
        _, width, height, name = saved
        return pil_image(ctx, Dim(width, frozenset({ctx.site})), Dim(height, frozenset({ctx.site})), name,
                         "opened as")
    return pil_image(ctx, None, None, None, "opened as")


@op(f"{PIL_IMAGE}.save")
def save(ctx: OpContext, self, fp, format=None, **params):
    """Remembers the size and mode written to a path in a folder the run made, where the
    format (from the path's ending, none named) keeps the mode."""
    key = saved_key(fp, *_KEPT_MODES)
    if key is None:
        return NONE
    ending = fp.attrs[SUFFIX].value
    width, height = image_size(ctx, self) if is_image(self) else (None, None)
    name = image_mode(ctx, self) if is_image(self) else None
    known = ctx.is_none(format) and width is not None and height is not None and width.known and height.known \
        and name in _KEPT_MODES[ending]
    remember(ctx, key, ("image", width.value, height.value, name) if known else None)
    return NONE


@op("PIL.Image.new")
def new(ctx: OpContext, mode, size, color=0):
    pair = size_pair(ctx, size, "Size must be a sequence of length 2")
    if pair is None:
        return UNKNOWN
    width, height = pair
    name = ctx.str(mode)
    return pil_image(ctx, width, height, name if name in MODES else None, "created as")


def _mode_of_array(x: Tensor) -> str | None:
    dims = x.shape.dims
    if dims is None:
        return None
    if len(dims) == 2:
        return {"uint8": "L", "bool": "1", "int32": "I", "float32": "F"}.get(x.dtype or "")
    if len(dims) == 3 and x.dtype == "uint8" and dims[2].known:
        return {3: "RGB", 4: "RGBA"}.get(dims[2].value)
    return None


_TYPESTR = {"uint8": "|u1", "bool": "|b1", "float32": "<f4", "float64": "<f8", "int32": "<i4", "int64": "<i8",
            "uint16": "<u2", "int16": "<i2"}


def _unhandled(x: Tensor) -> bool:
    """Pillow has no mode for this array, whatever its dtype."""
    dims = x.shape.dims
    if len(dims) > 3:
        return True
    return len(dims) == 3 and dims[2].known and dims[2].value not in (2, 3, 4)


@op("PIL.Image.fromarray")
def fromarray(ctx: OpContext, obj, mode=None):
    """Without a mode, an array of 3 dims needs 2, 3 or 4 channels, and one of more dims is
    no image: "Cannot handle this data type: (1, 1, 1), |u1" (an (h, w, 1) array)."""
    x = ctx.tensor(obj)
    if x is not None and x.shape.dims is not None and ctx.is_none(mode) and _unhandled(x):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Cannot handle this data type: {values:py}, {label} (the array is "
                                                  "{shape:tuple}: an image has 2-D pixels of 2, 3 or 4 channels)",
                                                  values=[1, 1, *x.shape.dims[2:]],
                                                  label=_TYPESTR.get(x.dtype or "", "?"), shape=x.shape), [x])
        return UNKNOWN
    if x is None or x.shape.dims is None or x.shape.rank not in (2, 3):
        return pil_image(ctx, None, None, ctx.str(mode), "made as")
    named = ctx.str(mode)
    return pil_image(ctx, x.shape.dims[1], x.shape.dims[0], named if named is not None else _mode_of_array(x),
                     "made as")


@op(f"{PIL_IMAGE}.resize")
def resize(ctx: OpContext, self, size, resample=None, box=None, reducing_gap=None):
    pair = size_pair(ctx, size, _SIZE_ARGUMENT)
    if pair is None:
        return UNKNOWN
    width, height = pair
    return _like(ctx, self, width or ctx.fresh("width"), height or ctx.fresh("height"), label="resized to")


@op(f"{PIL_IMAGE}.convert")
def convert(ctx: OpContext, self, mode=None, matrix=None, dither=None, palette=None, colors=256):
    """A palette image converted without a mode becomes RGB or RGBA (by its transparency)."""
    name = ctx.str(mode)
    if name is None and is_image(self) and image_mode(ctx, self) not in (None, "P", "PA"):
        name = image_mode(ctx, self)
    if not is_image(self):
        return UNKNOWN
    width, height = image_size(ctx, self)
    return pil_image(ctx, width, height, name if name in MODES else None, "converted to")


@op(f"{PIL_IMAGE}.crop")
def crop(ctx: OpContext, self, box=None):
    corners = ctx.shape_arg(box) if not ctx.is_none(box) else None
    if corners is None or len(corners) != 4 or None in corners:
        return _like(ctx, self, ctx.fresh("width"), ctx.fresh("height"), label="cropped to")
    left, upper, right, lower = corners
    return _like(ctx, self, right - left, lower - upper, label="cropped to")


@op(f"{PIL_IMAGE}.copy", f"{PIL_IMAGE}.filter", f"{PIL_IMAGE}.point", f"{PIL_IMAGE}.transform",
    f"{PIL_IMAGE}.effect_spread", f"{PIL_IMAGE}.remap_palette")
def same_image(ctx: OpContext, self, *args, **kwargs):
    if ctx.display == "transform":
        return _like(ctx, self, *(size_pair(ctx, args[0] if args else kwargs.get("size", UNKNOWN)) or (None, None)),
                     keep_size=False)
    return _like(ctx, self)


@op(f"{PIL_IMAGE}.rotate")
def rotate(ctx: OpContext, self, angle, resample=None, expand=0, center=None, translate=None, fillcolor=None):
    """Without ``expand`` the size is kept; with it, a quarter turn swaps the sides."""
    if not ctx.bool(expand, False):
        return _like(ctx, self)
    turn = ctx.int(angle)
    if turn is not None and turn % 180 == 0:
        return _like(ctx, self)
    if turn is not None and turn % 90 == 0 and is_image(self):
        width, height = image_size(ctx, self)
        return _like(ctx, self, height, width, label="rotated to")
    return _like(ctx, self, ctx.fresh("width"), ctx.fresh("height"), label="rotated to")


_SWAPPING = {"ROTATE_90", "ROTATE_270", "TRANSPOSE", "TRANSVERSE"}


@op(f"{PIL_IMAGE}.transpose")
def transpose(ctx: OpContext, self, method):
    name = method.qualname.rsplit(".", 1)[-1] if isinstance(method, ApiRef) else None
    if name is None or not is_image(self):
        return _like(ctx, self, ctx.fresh("width"), ctx.fresh("height"))
    if name in _SWAPPING:
        width, height = image_size(ctx, self)
        return _like(ctx, self, height, width, label="transposed to")
    return _like(ctx, self)


@op(f"{PIL_IMAGE}.thumbnail")
def thumbnail(ctx: OpContext, self, size, resample=None, reducing_gap=None):
    """In place: the image shrinks to fit ``size``, keeping its aspect (its size becomes unknown)."""
    if is_image(self):
        width, height = ctx.fresh("width"), ctx.fresh("height")
        self.attrs.update({"size": Seq([dim_int(width), dim_int(height)], "tuple"), "width": dim_int(width),
                           "height": dim_int(height)})
    return NONE


@op(f"{PIL_IMAGE}.split")
def split(ctx: OpContext, self):
    """One ``L`` image per band."""
    mode = image_mode(ctx, self) if is_image(self) else None
    if mode not in MODES:
        return UNKNOWN
    width, height = image_size(ctx, self)
    return Seq([pil_image(ctx, width, height, "L", "band split as") for _ in range(MODES[mode][0])], "tuple")


@op(f"{PIL_IMAGE}.show", f"{PIL_IMAGE}.close", f"{PIL_IMAGE}.load", f"{PIL_IMAGE}.verify",
    f"{PIL_IMAGE}.paste", f"{PIL_IMAGE}.putalpha")
def no_result(ctx: OpContext, self, *args, **kwargs):
    return NONE


def _image(width: int | None, height: int | None, mode: str | None) -> Obj:
    """An example image."""
    w = Const(width) if width is not None else UNKNOWN
    h = Const(height) if height is not None else UNKNOWN
    return Obj(PIL_IMAGE, {"size": Seq([w, h], "tuple"), "width": w, "height": h,
                           "mode": Const(mode) if mode else UNKNOWN})


def _sized(width: int | None, height: int | None, mode: Any = ANY) -> instance_of:
    attrs: dict[str, Any] = {"width": width if width is not None else ANY,
                             "height": height if height is not None else ANY}
    if mode is not ANY:
        attrs["mode"] = Const(mode)
    return instance_of(PIL_IMAGE, **attrs)


EXAMPLES = [
    ok("PIL.Image.open", "photo.png", expect=_IMAGE),
    ok("PIL.Image.new", "RGB", (40, 60), expect=_sized(40, 60, "RGB")),
    ok("PIL.Image.new", "L", [28, 28], expect=_sized(28, 28, "L")),
    ok("PIL.Image.fromarray", A(60, 40, 3, dtype="uint8"), expect=_sized(40, 60, "RGB")),
    ok("PIL.Image.fromarray", A(60, 40, dtype="uint8"), expect=_sized(40, 60, "L")),
    ok("PIL.Image.fromarray", A(60, 40, 4, dtype="uint8"), expect=_sized(40, 60, "RGBA")),
    ok("PIL.Image.fromarray", A(60, 40, dtype="float32"), expect=_sized(40, 60, "F")),
    ok("PIL.Image.fromarray", A(60, 40, 3, dtype="uint8"), "RGB", expect=_sized(40, 60, "RGB")),
    ok("PIL.Image.Image.resize", _image(None, None, None), (224, 224), expect=_sized(224, 224)),
    ok("PIL.Image.Image.resize", _image(40, 60, "RGB"), (28, 14), expect=_sized(28, 14, "RGB")),
    ok("PIL.Image.Image.convert", _image(None, None, None), "RGB", expect=_sized(None, None, "RGB")),
    ok("PIL.Image.Image.convert", _image(40, 60, "RGB"), "L", expect=_sized(40, 60, "L")),
    ok("PIL.Image.Image.convert", _image(40, 60, "RGB"), expect=_sized(40, 60, "RGB")),
    ok("PIL.Image.Image.crop", _image(40, 60, "RGB"), (0, 0, 10, 5), expect=_sized(10, 5, "RGB")),
    ok("PIL.Image.Image.copy", _image(40, 60, "L"), expect=_sized(40, 60, "L")),
    ok("PIL.Image.Image.rotate", _image(40, 60, "L"), 90, expect=_sized(40, 60, "L")),
    ok("PIL.Image.Image.rotate", _image(40, 60, "L"), 90, expand=True, expect=_sized(60, 40, "L")),
    ok("PIL.Image.Image.transpose", _image(40, 60, "L"), ApiRef("PIL.Image.ROTATE_90"), expect=_sized(60, 40, "L")),
    ok("PIL.Image.Image.transpose", _image(40, 60, "L"), ApiRef("PIL.Image.FLIP_LEFT_RIGHT"),
       expect=_sized(40, 60, "L")),
    ok("PIL.Image.Image.thumbnail", _image(40, 60, "L"), (10, 10), expect=Const(None)),
    ok("PIL.Image.Image.split", _image(40, 60, "RGB"), expect=(_sized(40, 60, "L"),) * 3),
    ok("PIL.Image.Image.split", _image(40, 60, None), expect=UNKNOWN),
    ok("PIL.Image.Image.save", _image(40, 60, "RGB"), "out.png", expect=Const(None)),
    *[ok(f"PIL.Image.Image.{name}", _image(40, 60, "RGB"), expect=Const(None))
      for name in ("show", "close", "load", "verify", "paste", "putalpha")],
    *[ok(f"PIL.Image.Image.{name}", _image(40, 60, "RGB"), UNKNOWN, expect=_sized(40, 60, "RGB"))
      for name in ("filter", "point", "effect_spread", "remap_palette")],
    ok("PIL.Image.Image.transform", _image(40, 60, "RGB"), (20, 10), UNKNOWN, expect=_sized(20, 10, "RGB")),
    ok("PIL.Image.fromarray", A(60, 40, 2, dtype="uint8"), expect=_sized(40, 60)),
    bad("PIL.Image.fromarray", A(60, 40, 1, dtype="uint8"), code=codes.SHAPE_REQUIREMENT,
        message="Cannot handle this data type: (1, 1, 1), |u1"),
    bad("PIL.Image.fromarray", A(1, 60, 40, 3, dtype="uint8"), code=codes.SHAPE_REQUIREMENT,
        message="Cannot handle this data type: (1, 1, 40, 3), |u1"),
    bad("PIL.Image.fromarray", A(60, 40, 5, dtype="uint8"), code=codes.SHAPE_REQUIREMENT,
        message="Cannot handle this data type: (1, 1, 5), |u1"),
    bad("PIL.Image.Image.resize", _image(40, 60, "RGB"), (28, 28, 3), code=codes.ARG_LENGTH,
        message="argument 1 must be sequence of length 2, not 3"),
    bad("PIL.Image.new", "RGB", (28, 28, 3), code=codes.ARG_LENGTH, message="Size must be a sequence of length 2"),
]
