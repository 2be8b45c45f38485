"""``tf.cast`` where dtypes clash, for operands ``dtype_cast`` leaves alone: an item of a
``concat``/``stack`` list, or an expression (``tf.shape(x)[0]``, ``tf.range(3)``) rather
than a name, is cast to a dtype the finding names; a ``tf.cast`` already there that picks
the wrong dtype (``tf.cast(tf.argmax(y, 1), tf.int32)`` beside an int64) gets the other.
Literals are never cast (``0.5`` cast to an int is 0).

Unsafe: a cast may round (float to int) or widen what a correct program computed.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name
from shapetracer.fixes.calls.dtype_cast import _dtypes

CODES = frozenset({codes.DTYPE_MISMATCH, codes.INDEX_DTYPE, codes.LABEL_DTYPE})

INVALID = [
    ("import tensorflow as tf\n"
     "features = tf.zeros([4, 3])\n"
     "mask = tf.ones([4, 1], tf.int32)\n"
     "joined = tf.concat([features, mask], axis=1)\n",
     "import tensorflow as tf\n"
     "features = tf.zeros([4, 3])\n"
     "mask = tf.ones([4, 1], tf.int32)\n"
     "joined = tf.concat([features, tf.cast(mask, tf.float32)], axis=1)\n"),
    ("import tensorflow as tf\n"
     "x = tf.zeros([6, 2])\n"
     "half = tf.shape(x)[0] * 0.5\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([6, 2])\n"
     "half = tf.cast(tf.shape(x)[0], tf.float32) * 0.5\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "features = tf.zeros([4, 3])\n"
    "mask = tf.ones([4, 1], tf.int32)\n"
    "joined = tf.concat([features, tf.cast(mask, tf.float32)], axis=1)\n",
]

_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString,
             cst.List, cst.Tuple, cst.Dict, cst.UnaryOperation)


def _operands(ctx: FixContext) -> list[cst.BaseExpression]:
    """The operands on the finding's line: list items of a concat/stack (names too), else
    expressions that are no bare name (``dtype_cast`` handles those) and no literal."""
    line = {ctx.finding.line}
    items: list[cst.BaseExpression] = []
    others: list[cst.BaseExpression] = []
    for op in ctx.of_type(cst.BinaryOperation, line):
        others += [op.left, op.right]
    for call in ctx.of_type(cst.Call, line):
        if last_name(call.func) in ("concat", "stack", "add_n") and call.args \
                and isinstance(call.args[0].value, (cst.List, cst.Tuple)):
            items += [e.value for e in call.args[0].value.elements]
        elif last_name(call.func) not in ("cast", "shape", "constant"):
            others += [a.value for a in call.args if a.keyword is None]
    return [e for e in items if not isinstance(e, _LITERALS)] \
        + [e for e in others if not isinstance(e, (*_LITERALS, cst.Name))]


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = ctx.alias_of("tensorflow") or ctx.alias_of("tensorflow.compat.v1")
    if tf is None:
        return
    dtypes = _dtypes(ctx)
    operands = [o for o in _operands(ctx) if not (isinstance(o, cst.Attribute) and ctx.code(o).startswith(f"{tf}."))
                and not (isinstance(o, cst.Call) and last_name(o.func) == "cast")]
    # a float target first: casting an int to a float rounds nothing
    pairs = sorted(((o, d) for o in operands for d in dtypes), key=lambda pair: not pair[1].startswith("float"))
    for operand, dtype in pairs:
        yield ctx.fix(f"Cast `{ctx.code(operand)}` to {dtype} on line {ctx.start(operand)}",
                      ctx.replace(operand, f"{tf}.cast({ctx.code(operand)}, {tf}.{dtype})"))
    for call in ctx.calls_named(("cast",), {ctx.finding.line}):
        if len(call.args) != 2:
            continue
        current = ctx.code(call.args[1].value)
        for dtype in dtypes:
            if not current.endswith("." + dtype):
                yield ctx.fix(f"Cast to {dtype} instead on line {ctx.start(call)}",
                              ctx.replace(call.args[1].value, f"{tf}.{dtype}"))
