"""A reformatting call the data did not need, dropped and its input kept:
``tf.argmax(labels, 1)`` of labels that already are class indices (a vector, so axis 1 is
out of range), ``tf.transpose(y)`` of targets already laid out like the predictions.
The call must be on a line of the conflict.

Unsafe: the value passed on changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, dotted

CODES = frozenset({codes.AXIS_RANGE, codes.LABELS_LOGITS, codes.BROADCAST, codes.KERAS_TARGET})

INVALID = [
    ("import tensorflow as tf\n"
     "logits = tf.zeros([8, 3])\n"
     "labels = tf.zeros([8], tf.int64)\n"
     "hits = tf.equal(tf.argmax(logits, 1), tf.argmax(labels, 1))\n",
     "import tensorflow as tf\n"
     "logits = tf.zeros([8, 3])\n"
     "labels = tf.zeros([8], tf.int64)\n"
     "hits = tf.equal(tf.argmax(logits, 1), labels)\n"),
    ("import tensorflow as tf\n"
     "pred = tf.zeros([8, 3])\n"
     "y = tf.zeros([8, 3])\n"
     "loss = tf.losses.mean_squared_error(labels=tf.transpose(y), predictions=pred)\n",
     "import tensorflow as tf\n"
     "pred = tf.zeros([8, 3])\n"
     "y = tf.zeros([8, 3])\n"
     "loss = tf.losses.mean_squared_error(labels=y, predictions=pred)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "logits = tf.zeros([8, 3])\n"
    "labels = tf.zeros([8], tf.int64)\n"
    "hits = tf.equal(tf.argmax(logits, 1), labels)\n",
]

_DROPPED = {"argmax": "the argmax of", "transpose": "the transpose of"}


def propose(ctx: FixContext) -> Iterator[Fix]:
    for call in ctx.calls_named(tuple(_DROPPED), ctx.lines):
        args = [a for a in call.args if a.keyword is None or a.keyword.value in ("input", "a", "x")]
        if not args:
            continue
        kept = args[0].value
        root = (dotted(call.func.value) or "").split(".")[0] if isinstance(call.func, cst.Attribute) else None
        if root is not None and root not in ctx.module_aliases:
            continue  # a method (array.argmax(1)): its receiver is the value
        if _last(call) == "transpose" and len(call.args) > 1:
            continue  # a permutation was asked for: not a plain swap of rows and columns
        yield ctx.fix(f"Drop {_DROPPED[_last(call)]} `{ctx.code(kept)}` on line {ctx.start(call)}",
                      ctx.replace(call, ctx.code(kept)))


def _last(call: cst.Call) -> str:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
