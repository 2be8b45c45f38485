"""A tensor one rank short or long for the op it reaches: an argument of the failing call
or an operand of its
arithmetic (a name the analysis knows as a TensorFlow tensor) gets an axis (``tf.expand_dims``) or
loses one (``tf.squeeze`` of a trailing 1, ``tf.reshape(x, [-1])``); scalars joined by
``tf.concat`` are stacked instead (TensorFlow's own advice).

Unsafe: the value the op receives changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.RANK_MISMATCH, codes.MATMUL_DIM, codes.RNN_INPUT, codes.AXIS_RANGE,
                   codes.SUSPICIOUS_BROADCAST})

INVALID = [
    ("import tensorflow as tf\n"
     "weights = tf.zeros([3, 2])\n"
     "bias = tf.zeros([2])\n"
     "out = tf.matmul(weights, bias)\n",
     "import tensorflow as tf\n"
     "weights = tf.zeros([3, 2])\n"
     "bias = tf.zeros([2])\n"
     "out = tf.matmul(weights, tf.expand_dims(bias, -1))\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "weights = tf.zeros([3, 2])\n"
    "bias = tf.zeros([2, 1])\n"
    "out = tf.matmul(weights, bias)\n",
]


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = ctx.alias_of("tensorflow") or ctx.alias_of("tensorflow.compat.v1")
    if tf is None:
        return
    line = {ctx.finding.line}
    if ctx.finding.args.get("suggestion") == "tf.stack":
        for call in ctx.calls_named(("concat",), line):
            if isinstance(call.func, cst.Attribute):
                yield ctx.fix(f"Stack the scalars (tf.stack) on line {ctx.start(call)}",
                              ctx.replace(call.func.attr, "stack"))
    operands: list[cst.BaseExpression] = []
    for call in ctx.of_type(cst.Call, line):
        if last_name(call.func) not in ("expand_dims", "squeeze", "reshape", "print", "len"):
            operands += [arg.value for arg in call.args]
    for operation in ctx.of_type(cst.BinaryOperation, line):
        operands += [operation.left, operation.right]
    seen: set[int] = set()
    for value in operands:
        if id(value) in seen or not isinstance(value, cst.Name):
            continue
        seen.add(id(value))
        rank = ctx.known_rank(value.value)
        if rank is None or "ndarray" in ctx.kinds(value.value):
            continue
        name = value.value
        yield ctx.fix(f"Add a trailing axis to `{name}` on line {ctx.start(value)}",
                      ctx.replace(value, f"{tf}.expand_dims({name}, -1)"))
        yield ctx.fix(f"Add a leading axis to `{name}` on line {ctx.start(value)}",
                      ctx.replace(value, f"{tf}.expand_dims({name}, 0)"))
        if rank >= 2:
            yield ctx.fix(f"Drop the trailing axis of `{name}` on line {ctx.start(value)}",
                          ctx.replace(value, f"{tf}.squeeze({name}, -1)"))
            yield ctx.fix(f"Flatten `{name}` on line {ctx.start(value)}",
                          ctx.replace(value, f"{tf}.reshape({name}, [-1])"))
