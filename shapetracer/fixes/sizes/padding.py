"""``padding="same"`` where a VALID window shrinks the map too far (or to a size that no
longer meets the other operand): a "VALID" string on a line of the conflict or in a
constant used there becomes "SAME"; a Keras conv/pool layer there without ``padding``
gets ``padding="same"``.

Unsafe: the output sizes change.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword, last_name

CODES = frozenset({codes.NEGATIVE_DIM, codes.BROADCAST, codes.CONCAT_DIM, codes.RESHAPE_SIZE,
                   codes.CONV_TRANSPOSE_OUTPUT, codes.MATMUL_DIM, codes.KERAS_INPUT, codes.KERAS_TARGET,
                   codes.FEED_SHAPE, codes.SHAPE_REQUIREMENT, codes.LABELS_LOGITS})

KERAS_WINDOWS = ("Conv1D", "Conv2D", "Conv3D", "Convolution1D", "Convolution2D", "Convolution3D",
                 "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "AveragePooling1D", "AveragePooling2D",
                 "AveragePooling3D", "MaxPool1D", "MaxPool2D", "AvgPool1D", "AvgPool2D", "SeparableConv2D",
                 "DepthwiseConv2D", "Conv2DTranspose", "Conv1DTranspose")

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([1, 2, 2, 8])\n"
     'y = tf.nn.max_pool(x, ksize=[1, 3, 3, 1], strides=[1, 1, 1, 1], padding="VALID")\n',
     "import tensorflow as tf\n"
     "x = tf.zeros([1, 2, 2, 8])\n"
     'y = tf.nn.max_pool(x, ksize=[1, 3, 3, 1], strides=[1, 1, 1, 1], padding="SAME")\n'),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([1, 2, 2, 8])\n"
    'y = tf.nn.max_pool(x, ksize=[1, 3, 3, 1], strides=[1, 1, 1, 1], padding="SAME")\n',
]


def _valid_strings(ctx: FixContext, lines) -> list[cst.SimpleString]:
    return [s for s in ctx.of_type(cst.SimpleString, lines)
            if isinstance(s.evaluated_value, str) and s.evaluated_value.lower() == "valid"]


def _same(ctx: FixContext, string: cst.SimpleString) -> str:
    word = "SAME" if string.evaluated_value.isupper() else "same"
    return string.prefix + string.quote + word + string.quote


def propose(ctx: FixContext) -> Iterator[Fix]:
    strings = _valid_strings(ctx, ctx.lines)
    for name in sorted(ctx.names_used(ctx.lines)):
        for value in ctx.definitions(name):
            strings += [s for s in ctx.of_type(cst.SimpleString)
                        if s.evaluated_value in ("VALID", "valid") and _within(ctx, s, value)]
    for string in strings:
        yield ctx.fix(f'Use padding "SAME" on line {ctx.start(string)}', ctx.replace(string, _same(ctx, string)))
    for call in ctx.calls_named(KERAS_WINDOWS, ctx.lines):
        if keyword(call, "padding") is None and call.args:
            yield ctx.fix(f'Use padding="same" on line {ctx.start(call)}',
                          ctx.insert_after(call.args[-1].value, ', padding="same"'))
    everywhere = _valid_strings(ctx, None)
    if len(everywhere) > 1:
        yield ctx.fix('Use padding "SAME" throughout', *(ctx.replace(s, _same(ctx, s)) for s in everywhere))


def _within(ctx: FixContext, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    a, b = ctx.positions.get(node), ctx.positions.get(outer)
    return a is not None and b is not None and (b.start.line, b.start.column) <= (a.start.line, a.start.column) \
        and (a.end.line, a.end.column) <= (b.end.line, b.end.column)
