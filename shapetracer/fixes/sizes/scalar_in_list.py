"""A scalar among the vectors of a ``concat`` (``tf.concat([batch, [h, w]], 0)``: concat
joins vectors, a scalar has no axis 0) is made a one-element list ``[batch]``; a
one-element list among the scalars of a ``stack`` (``tf.stack([batch, [units]])``) is
unwrapped.  Each item is tried; re-analysis keeps the one that makes the ranks agree.

Safe: the values joined are the same.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.RANK_MISMATCH, codes.SHAPE_REQUIREMENT})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([4, 6])\n"
     "shape = tf.concat([tf.shape(x)[0], [2, 3]], axis=0)\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([4, 6])\n"
     "shape = tf.concat([[tf.shape(x)[0]], [2, 3]], axis=0)\n"),
    ("import tensorflow as tf\n"
     "x = tf.zeros([4, 6])\n"
     "shape = tf.stack([tf.shape(x)[0], [6]])\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([4, 6])\n"
     "shape = tf.stack([tf.shape(x)[0], 6])\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([4, 6])\n"
    "shape = tf.concat([[tf.shape(x)[0]], [2, 3]], axis=0)\n",
]


def propose(ctx: FixContext) -> Iterator[Fix]:
    line = ctx.finding.line
    for call in ctx.calls_named(("concat", "stack"), {line}):
        items = call.args[0].value if call.args and call.args[0].keyword is None else None
        if not isinstance(items, (cst.List, cst.Tuple)) or len(items.elements) < 2:
            continue
        for element in items.elements:
            value = element.value
            if isinstance(element, cst.StarredElement):
                continue
            text = ctx.code(value)
            stack = last_name(call.func) == "stack"
            if stack and isinstance(value, cst.List) and len(value.elements) == 1:
                inner = ctx.code(value.elements[0].value)
                yield ctx.fix(f"Pass `{inner}` as a scalar on line {ctx.start(value)}", ctx.replace(value, inner),
                              safe=True)
            elif not stack and not isinstance(value, (cst.List, cst.Tuple)):
                yield ctx.fix(f"Pass `{text}` as a one-element list on line {ctx.start(value)}",
                              ctx.replace(value, f"[{text}]"), safe=True)
