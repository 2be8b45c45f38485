"""An elementwise product where a matrix product was meant: ``x * w`` (or
``tf.multiply(x, w)``) of a ``[?, n]`` batch and ``[n, m]`` weights becomes
``tf.matmul(x, w)``.  Offered only when the finding's shapes are two matrices whose inner
sizes agree, which is the product a layer's weights are made for.

Unsafe: what the line computes changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.BROADCAST})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([8, 4])\n"
     "w = tf.zeros([4, 6])\n"
     "h = x * w\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([8, 4])\n"
     "w = tf.zeros([4, 6])\n"
     "h = tf.matmul(x, w)\n"),
    ("import tensorflow as tf\n"
     "x = tf.zeros([8, 4])\n"
     "w = tf.zeros([4, 6])\n"
     "h = tf.multiply(x, w)\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([8, 4])\n"
     "w = tf.zeros([4, 6])\n"
     "h = tf.matmul(x, w)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([8, 4])\n"
    "w = tf.zeros([4, 6])\n"
    "h = tf.matmul(x, w)\n",
]

_PRODUCTS = ("mul", "multiply", "Mul")


def _matrices(facts: dict) -> bool:
    """Whether the product's operands are ``[a, n]`` and ``[n, m]`` with ``n`` known."""
    left, right = facts.get("shape_a"), facts.get("shape_b")
    if facts.get("op") not in _PRODUCTS or left is None or right is None:
        return False
    return len(left) == len(right) == 2 and left[1] == right[0] and left[1] is not None


def _tensorflow(ctx: FixContext) -> str | None:
    for bound, module in ctx.module_aliases.items():
        if module in ("tensorflow", "tensorflow.compat.v1", "tensorflow.compat.v2"):
            return bound
    return None


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = _tensorflow(ctx)
    if tf is None or not _matrices(ctx.finding.args):
        return
    line = ctx.finding.line
    for node in ctx.of_type(cst.BinaryOperation, {line}):
        if isinstance(node.operator, cst.Multiply):
            yield ctx.fix(f"Use {tf}.matmul for the product on line {line}",
                          ctx.replace(node, f"{tf}.matmul({ctx.code(node.left)}, {ctx.code(node.right)})"))
    for call in ctx.calls_named(("multiply", "mul"), {line}):
        args = [a.value for a in call.args if a.keyword is None]
        if len(args) == 2 and len(call.args) == 2:
            yield ctx.fix(f"Use {tf}.matmul for the product on line {line}",
                          ctx.replace(call, f"{tf}.matmul({ctx.code(args[0])}, {ctx.code(args[1])})"))
