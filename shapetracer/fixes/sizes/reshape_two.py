"""A reshape with two ``-1`` entries (``tf.reshape(x, [-1, -1, 8])``): the first one, the
batch axis, becomes ``tf.shape(x)[0]`` so that only one size is left to infer.

Unsafe: the first axis of the result is taken to be the input's first axis.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, dotted

CODES = frozenset({codes.RESHAPE_TWO_UNKNOWN})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([3, 6, 5])\n"
     "y = tf.reshape(x, [-1, -1])\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([3, 6, 5])\n"
     "y = tf.reshape(x, [tf.shape(x)[0], -1])\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([3, 6, 5])\n"
    "y = tf.reshape(x, [tf.shape(x)[0], -1])\n",
]


def _minus_one(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) \
        and isinstance(node.expression, cst.Integer) and node.expression.value == "1"


def propose(ctx: FixContext) -> Iterator[Fix]:
    calls = ctx.calls_named(("reshape",), ctx.lines)
    for call in calls:
        spelled = dotted(call.func)
        if spelled is None or "." not in spelled or len(call.args) < 2 or call.args[0].keyword is not None:
            continue
        module = spelled.rsplit(".", 1)[0]
        tf = module.split(".")[0]
        if not ctx.module_aliases.get(tf, "").startswith("tensorflow"):
            continue
        shape = call.args[1].value
        if not isinstance(shape, (cst.List, cst.Tuple)):
            continue
        unknown = [e.value for e in shape.elements if _minus_one(e.value)]
        if len(unknown) != 2 or not _minus_one(shape.elements[0].value):
            continue
        source = ctx.code(call.args[0].value)
        yield ctx.fix(f"Keep the batch axis (tf.shape(...)[0]) in the reshape on line {ctx.start(call)}",
                      ctx.replace(unknown[0], f"{tf}.shape({source})[0]"))
