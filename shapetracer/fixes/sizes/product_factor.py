"""A size written as a product with one factor too many: ``SIDE * SIDE * 3`` for a
flattened grayscale image of ``SIDE * SIDE`` values.  Each factor of a product on the
conflict's lines is dropped in turn; re-analysis keeps a product that fits.

Unsafe: the size changes.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.MATMUL_DIM, codes.RESHAPE_SIZE, codes.BROADCAST, codes.FEED_SHAPE, codes.KERAS_INPUT,
                   codes.BIAS_MISMATCH, codes.CONCAT_DIM})

INVALID = [
    ("import tensorflow as tf\n"
     "SIDE = 28\n"
     "x = tf.zeros([32, SIDE * SIDE])\n"
     "w = tf.zeros([SIDE * SIDE * 3, 10])\n"
     "y = tf.matmul(x, w)\n",
     "import tensorflow as tf\n"
     "SIDE = 28\n"
     "x = tf.zeros([32, SIDE * SIDE])\n"
     "w = tf.zeros([SIDE * SIDE, 10])\n"
     "y = tf.matmul(x, w)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "SIDE = 28\n"
    "x = tf.zeros([32, SIDE * SIDE])\n"
    "w = tf.zeros([SIDE * SIDE, 10])\n"
    "y = tf.matmul(x, w)\n",
]


def _factors(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        return _factors(node.left) + _factors(node.right)
    return [node]


def propose(ctx: FixContext) -> Iterator[Fix]:
    products = [n for n in ctx.of_type(cst.BinaryOperation, ctx.lines) if isinstance(n.operator, cst.Multiply)]
    inner = {id(f) for p in products for f in (p.left, p.right)}
    for product in products:
        if id(product) in inner:
            continue  # a part of a longer product: the whole one is tried
        factors = _factors(product)
        if not 2 <= len(factors) <= 4 or not all(isinstance(f, (cst.Name, cst.Integer, cst.Attribute))
                                                 for f in factors):
            continue
        for index, dropped in enumerate(factors):
            kept = " * ".join(ctx.code(f) for i, f in enumerate(factors) if i != index)
            yield ctx.fix(f"Drop the factor `{ctx.code(dropped)}` of `{ctx.code(product)}` on line "
                          f"{ctx.start(product)}", ctx.replace(product, kept))
