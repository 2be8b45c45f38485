"""Keras' preprocessing layers for text and categories: ``TextVectorization``,
``StringLookup``/``IntegerLookup``, ``Hashing``, ``CategoryEncoding``.

What each ``output_mode`` makes of a batch (Keras 2.15 and 3 agree unless said):

- ``TextVectorization``: one string per sample, ``(batch,)`` or ``(batch, 1)``; "int"
  gives token ids ``(batch, output_sequence_length)`` (int64; the length unknown when not
  given), "multi_hot"/"count"/"tf_idf" one row of the vocabulary's size.  Several strings
  per sample are refused ("When using `TextVectorization` to tokenize strings, the input
  rank must be 1 or the last shape dimension must be 1"; Keras 3 only on data, its
  symbolic call lets them through), and so is data that is not text.
- lookups and ``Hashing``: "int" keeps the shape (int64); "one_hot" adds an axis of the
  vocabulary's size, replacing a trailing axis of 1 (Keras 2.15 refuses a result of rank
  3: "When output_mode is not `'int'`, maximum supported output rank is 2"; Keras 3 makes
  it); "multi_hot"/"count"/"tf_idf" give ``(batch, size)``, or ``(size,)`` for a 1-D input
  (one sample).
- ``CategoryEncoding(num_tokens)``: as a lookup's non-int modes, with ``num_tokens``.

The vocabulary's size is known when the program gives it: ``max_tokens`` with
``pad_to_max_tokens=True``, or a literal ``vocabulary`` (plus ``num_oov_indices``, 1 by
default, and the mask token if any).  Keras 3's symbolic multi_hot of a ``(batch, 1)``
string input keeps the 1 (``(None, 1, V)``) where its data does not: left unknown there.
Verified under Keras 2.15 and 3.15.
"""

from __future__ import annotations


from shapetracer.constraints.core.dtypes import certain, short
from shapetracer.constraints.core.examples import A, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.keras.machinery import L, S, attr, layer_call, new_layer, result
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.dims import Dim
from shapetracer.domain.values import Obj, Tensor
from shapetracer.rules import codes
from shapetracer.rules.message import Message

_TEXT = "keras.layers.TextVectorization"
_LOOKUPS = ("StringLookup", "IntegerLookup")


def _mode(ctx: OpContext, layer: Obj, default: str) -> str | None:
    value = attr(layer, "output_mode")
    return default if ctx.is_none(value) else ctx.str(value)


def _vocabulary_size(ctx: OpContext, layer: Obj) -> Dim | None:
    """The size of a one-hot/multi-hot row, when the program fixes it."""
    if "num_tokens" in layer.attrs:
        return ctx.dim(attr(layer, "num_tokens"))
    if "num_bins" in layer.attrs:
        return ctx.dim(attr(layer, "num_bins"))
    words = ctx.items(attr(layer, "vocabulary")) if not ctx.is_none(attr(layer, "vocabulary")) else None
    if words is not None and layer.type_name != _TEXT:
        oov = ctx.int(attr(layer, "num_oov_indices"))
        oov = 1 if oov is None and ctx.is_none(attr(layer, "num_oov_indices")) else oov
        mask = 0 if ctx.is_none(attr(layer, "mask_token")) else 1
        return Dim(len(words) + oov + mask, frozenset({ctx.site})) if oov is not None else None
    if ctx.bool(attr(layer, "pad_to_max_tokens"), False):
        return ctx.dim(attr(layer, "max_tokens"))
    return None


def _text_input(ctx: OpContext, layer: Obj, x: Tensor, data: bool) -> bool:
    """One string per sample, and text at all; False after a report."""
    dims = x.shape.dims
    several = len(dims) > 2 or (len(dims) == 2 and dims[-1].known and dims[-1].value != 1)
    if several and (ctx.target.keras2 or data):
        ctx.fail(codes.KERAS_INPUT, Message("When using `TextVectorization` to tokenize strings, the input rank must "
                                            "be 1 or the last shape dimension must be 1. Received: inputs.shape="
                                            "{shape:keras} with rank={ndim}", shape=x.shape, ndim=len(dims)),
                 [x, layer.origin])
        return False
    dtype = certain(x)
    if data and dtype is not None and dtype not in ("string", "str", "object"):
        text = "Cast {dtype} to string is not supported" if ctx.target.keras2 else \
            "Failed to convert a NumPy array to a Tensor (Unsupported object type {dtype})."
        ctx.fail(codes.DTYPE_MISMATCH, Message(text + " (TextVectorization takes text; the input is {dtype})",
                                               dtype=short(dtype)), [x, layer.origin])
        return False
    return True


@op(_TEXT)
def text_vectorization(ctx: OpContext, max_tokens=None, standardize="lower_and_strip_punctuation",
                       split="whitespace", ngrams=None, output_mode="int", output_sequence_length=None,
                       pad_to_max_tokens=False, vocabulary=None, idf_weights=None, sparse=False, ragged=False,
                       encoding="utf-8", name=None, **kwargs):
    return new_layer(ctx, _TEXT, {"max_tokens": max_tokens, "output_mode": output_mode,
                                  "output_sequence_length": output_sequence_length,
                                  "pad_to_max_tokens": pad_to_max_tokens, "vocabulary": vocabulary,
                                  "ragged": ragged}, {"name": name, **kwargs})


@layer_call(_TEXT)
def text_vectorization_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    if not _text_input(ctx, layer, x, data):
        return ctx.unknown_tensor()
    batch = x.shape.dims[0] if x.shape.dims else ctx.fresh("batch")
    mode = _mode(ctx, layer, "int")
    if mode == "int":
        if ctx.bool(attr(layer, "ragged"), False):
            return ctx.unknown_tensor("int64")
        length = ctx.dim(attr(layer, "output_sequence_length")) \
            if not ctx.is_none(attr(layer, "output_sequence_length")) else None
        return result(ctx, layer, [batch, length or ctx.fresh("tokens")], "int64")
    if mode not in ("multi_hot", "count", "tf_idf"):
        return ctx.unknown_tensor()
    if not ctx.target.keras2 and not data and len(x.shape.dims) == 2:
        return ctx.unknown_tensor()  # Keras 3 keeps the (batch, 1) axis symbolically only
    size = _vocabulary_size(ctx, layer) or ctx.fresh("vocabulary")
    return result(ctx, layer, [batch, size], "float32" if ctx.target.keras2 or mode == "tf_idf" else None)


def _encoded(ctx: OpContext, layer: Obj, x: Tensor, data: bool, mode: str | None, size: Dim | None) -> Tensor:
    """The non-int output modes of lookups, hashing and CategoryEncoding."""
    dims = list(x.shape.dims)
    width = size or ctx.fresh("vocabulary")
    if mode == "one_hot":
        if dims and dims[-1].known and dims[-1].value == 1 and len(dims) > 1:
            dims = dims[:-1]
        if len(dims) + 1 > 2 and ctx.target.keras2:
            ctx.fail(codes.KERAS_INPUT, Message("When output_mode is not `'int'`, maximum supported output rank is 2. "
                                                "Received output_mode one_hot and input shape {shape:keras}, which "
                                                "would result in output rank {ndim}.", shape=x.shape,
                                                ndim=len(dims) + 1), [x, layer.origin])
            return ctx.unknown_tensor()
        return result(ctx, layer, dims + [width], "float32" if ctx.target.keras2 else None)
    if mode in ("multi_hot", "count", "tf_idf"):
        if len(dims) > 2:
            return ctx.unknown_tensor()
        return result(ctx, layer, dims[:1] + [width] if len(dims) == 2 else [width],
                      "float32" if ctx.target.keras2 else None)
    return ctx.unknown_tensor()


def _lookup_ctor(class_name: str):
    type_name = f"keras.layers.{class_name}"

    def construct(ctx: OpContext, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=None,
                  vocabulary=None, vocabulary_dtype=None, idf_weights=None, invert=False, output_mode="int",
                  sparse=False, pad_to_max_tokens=False, name=None, **kwargs):
        return new_layer(ctx, type_name, {"max_tokens": max_tokens, "num_oov_indices": num_oov_indices,
                                          "mask_token": mask_token, "vocabulary": vocabulary, "invert": invert,
                                          "output_mode": output_mode, "pad_to_max_tokens": pad_to_max_tokens},
                         {"name": name, **kwargs})

    def call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
        mode = _mode(ctx, layer, "int")
        if ctx.bool(attr(layer, "invert"), False):
            return ctx.same_shape(x, "string" if class_name == "StringLookup" else "int64")
        if mode == "int":
            return ctx.same_shape(x, "int64")
        return _encoded(ctx, layer, x, data, mode, _vocabulary_size(ctx, layer))

    construct.__name__ = call.__name__ = class_name.lower()
    op(type_name)(construct)
    layer_call(type_name)(call)


for _class in _LOOKUPS:
    _lookup_ctor(_class)


@op("keras.layers.Hashing")
def hashing(ctx: OpContext, num_bins, mask_value=None, salt=None, output_mode="int", sparse=False, name=None,
            **kwargs):
    return new_layer(ctx, "keras.layers.Hashing", {"num_bins": num_bins, "output_mode": output_mode},
                     {"name": name, **kwargs})


@layer_call("keras.layers.Hashing")
def hashing_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    mode = _mode(ctx, layer, "int")
    if mode == "int":
        return ctx.same_shape(x, "int64")
    return _encoded(ctx, layer, x, data, mode, _vocabulary_size(ctx, layer))


@op("keras.layers.CategoryEncoding")
def category_encoding(ctx: OpContext, num_tokens=None, output_mode="multi_hot", sparse=False, name=None, **kwargs):
    return new_layer(ctx, "keras.layers.CategoryEncoding", {"num_tokens": num_tokens, "output_mode": output_mode},
                     {"name": name, **kwargs})


@layer_call("keras.layers.CategoryEncoding")
def category_encoding_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    return _encoded(ctx, layer, x, data, _mode(ctx, layer, "multi_hot"), _vocabulary_size(ctx, layer))


_WORDS = ["a", "b", "c"]

EXAMPLES = [
    ok(f"{_TEXT}.__call__", L(_TEXT, output_sequence_length=5), S(1, dtype="string"), expect=[None, 5]),
    ok(f"{_TEXT}.__call__", L(_TEXT), S(dtype="string"), expect=[None, None]),
    ok(f"{_TEXT}.__call__", L(_TEXT, max_tokens=20, output_mode="multi_hot", pad_to_max_tokens=True),
       S(dtype="string"), expect=[None, 20]),
    ok(f"{_TEXT}.__call__", L(_TEXT, max_tokens=20, output_mode="multi_hot", pad_to_max_tokens=True),
       S(1, dtype="string"), target="2.15", expect=[None, 20]),
    ok(f"{_TEXT}.__call__", L(_TEXT, output_mode="count"), S(1, dtype="string"), expect=UNKNOWN_SHAPE),  # Keras 3
    ok(f"{_TEXT}.__call__", L(_TEXT, output_sequence_length=5), S(2, dtype="string"), expect=[None, 5]),  # Keras 3
    bad(f"{_TEXT}.__call__", L(_TEXT, output_sequence_length=5), S(2, dtype="string"), target="2.15",
        code=codes.KERAS_INPUT, message="the input rank must be 1 or the last shape dimension must be 1. Received: "
                                        "inputs.shape=(None, 2) with rank=2"),
    ok("keras.layers.StringLookup.__call__", L("keras.layers.StringLookup", vocabulary=_WORDS), S(3, dtype="string"),
       expect=[None, 3]),
    ok("keras.layers.StringLookup.__call__", L("keras.layers.StringLookup", vocabulary=_WORDS, output_mode="one_hot"),
       S(1, dtype="string"), expect=[None, 4]),
    ok("keras.layers.StringLookup.__call__", L("keras.layers.StringLookup", vocabulary=_WORDS, output_mode="one_hot"),
       S(2, dtype="string"), expect=[None, 2, 4]),  # Keras 3 adds the axis
    bad("keras.layers.StringLookup.__call__", L("keras.layers.StringLookup", vocabulary=_WORDS, output_mode="one_hot"),
        S(2, dtype="string"), target="2.15", code=codes.KERAS_INPUT,
        message="maximum supported output rank is 2. Received output_mode one_hot and input shape (None, 2)"),
    ok("keras.layers.StringLookup.__call__",
       L("keras.layers.StringLookup", vocabulary=_WORDS, output_mode="multi_hot"), S(2, dtype="string"),
       expect=[None, 4]),
    ok("keras.layers.IntegerLookup.__call__", L("keras.layers.IntegerLookup", vocabulary=[10, 20, 30],
                                                 output_mode="one_hot"), A(8, dtype="int64"), expect=[8, 4]),
    ok("keras.layers.Hashing.__call__", L("keras.layers.Hashing", num_bins=8), S(1, dtype="string"), expect=[None, 1]),
    ok("keras.layers.Hashing.__call__", L("keras.layers.Hashing", num_bins=8, output_mode="one_hot"),
       S(dtype="string"), expect=[None, 8]),
    ok("keras.layers.CategoryEncoding.__call__", L("keras.layers.CategoryEncoding", num_tokens=5),
       S(3, dtype="int32"), expect=[None, 5]),
    ok("keras.layers.CategoryEncoding.__call__", L("keras.layers.CategoryEncoding", num_tokens=5),
       A(2, dtype="int32"), expect=[5]),
    ok("keras.layers.CategoryEncoding.__call__", L("keras.layers.CategoryEncoding", num_tokens=5,
                                                    output_mode="one_hot"), S(1, dtype="int32"), expect=[None, 5]),
    bad("keras.layers.CategoryEncoding.__call__", L("keras.layers.CategoryEncoding", num_tokens=5,
                                                     output_mode="one_hot"), S(2, dtype="int32"), target="2.15",
        code=codes.KERAS_INPUT, message="maximum supported output rank is 2"),
]
