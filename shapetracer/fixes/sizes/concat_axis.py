"""A concat along the wrong axis: ``tf.concat([a, b], axis=0)`` stacks the rows of two
batches where joining their features (``axis=1``) was meant.  Every other axis of the
concat's rank is tried (the rank read from the finding's shapes, else up to 4); the
concat must be on a line of the conflict.

Unsafe: the joined tensor's layout changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword

CODES = frozenset({codes.CONCAT_DIM, codes.BATCH_MIXING, codes.MATMUL_DIM})

INVALID = [
    ("import tensorflow as tf\n"
     "a = tf.zeros([8, 3])\n"
     "b = tf.zeros([8, 5])\n"
     "ab = tf.concat([a, b], axis=0)\n",
     "import tensorflow as tf\n"
     "a = tf.zeros([8, 3])\n"
     "b = tf.zeros([8, 5])\n"
     "ab = tf.concat([a, b], axis=1)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "a = tf.zeros([8, 3])\n"
    "b = tf.zeros([8, 5])\n"
    "ab = tf.concat([a, b], axis=1)\n",
]

def _rank(ctx: FixContext) -> int:
    """The largest rank among the shapes the finding and its related lines speak of."""
    ranks = [len(shape) for shape in ctx.shapes if shape]
    return min(max(ranks, default=4), 6)


def propose(ctx: FixContext) -> Iterator[Fix]:
    rank = _rank(ctx)
    for call in ctx.calls_named(("concat", "concatenate"), ctx.lines):
        arg = keyword(call, "axis")
        if arg is None:
            positional = [a for a in call.args if a.keyword is None]
            arg = positional[1] if len(positional) > 1 else None
        if arg is None or not isinstance(arg.value, (cst.Integer, cst.UnaryOperation)):
            continue
        text = ctx.code(arg.value).replace(" ", "")
        try:
            axis = int(text)
        except ValueError:
            continue
        for other in [*range(rank), -1]:
            if other % rank != axis % rank:
                yield ctx.fix(f"Concatenate along axis {other} instead of {axis} on line {ctx.start(call)}",
                              ctx.replace(arg.value, str(other)))
