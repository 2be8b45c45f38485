"""A flatten size computed by hand, wrong, and written in more than one place: the
``7 * 7 * 64`` of ``tf.reshape(pool, [-1, 7 * 7 * 64])`` is recomputed from the size the
analysis knows the reshaped tensor has (``[?, 8, 8, 64]`` -> ``8 * 8 * 64``), and every
other occurrence of the same expression in the file (the weights sized like the flatten)
is changed with it.

Unsafe: the weights' size changes with the flatten.
"""

from __future__ import annotations

import math
from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.RESHAPE_SIZE, codes.MATMUL_DIM, codes.LABELS_LOGITS, codes.BATCH_MIXING,
                   codes.POSSIBLE_FAILURE, codes.FEED_SHAPE})

INVALID = [
    ("import tensorflow as tf\n"
     "pool = tf.zeros([16, 8, 8, 64])\n"
     "flat = tf.reshape(pool, [16, 7 * 7 * 64])\n"
     "w = tf.zeros([7 * 7 * 64, 10])\n"
     "logits = tf.matmul(flat, w)\n",
     "import tensorflow as tf\n"
     "pool = tf.zeros([16, 8, 8, 64])\n"
     "flat = tf.reshape(pool, [16, 8 * 8 * 64])\n"
     "w = tf.zeros([8 * 8 * 64, 10])\n"
     "logits = tf.matmul(flat, w)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "pool = tf.zeros([16, 8, 8, 64])\n"
    "flat = tf.reshape(pool, [16, 8 * 8 * 64])\n"
    "w = tf.zeros([8 * 8 * 64, 10])\n"
    "logits = tf.matmul(flat, w)\n",
]


def _factors(node: cst.BaseExpression) -> list[int] | None:
    """The integers of a product of integer literals (``7 * 7 * 64`` -> [7, 7, 64])."""
    if isinstance(node, cst.Integer):
        return [int(node.value, 0)]
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        left, right = _factors(node.left), _factors(node.right)
        return left + right if left is not None and right is not None else None
    return None


def _dims_of(ctx: FixContext, name: str, line: int) -> list[int] | None:
    """The static dims after the first of the tensor ``name`` last bound before ``line``."""
    best, found = -1, None
    for origin, value in ctx.shape_log:
        node = getattr(origin, "node", None)
        if origin.path != ctx.path or not isinstance(node, cst.Name) or node.value != name:
            continue
        if best <= origin.line <= line:  # the last value logged (a loop logs each turn)
            best, found = origin.line, getattr(getattr(value, "shape", None), "dims", None)
    if not found or len(found) < 2 or not all(d.known for d in found[1:]):
        return None
    return [int(d.value) for d in found[1:]]


def _same(a: str, b: str) -> bool:
    return a.replace(" ", "") == b.replace(" ", "")


def propose(ctx: FixContext) -> Iterator[Fix]:
    for call in ctx.calls_named(("reshape",), ctx.lines):
        args = [a.value for a in call.args if a.keyword is None]
        if len(args) != 2 or not isinstance(args[0], cst.Name) or not isinstance(args[1], (cst.List, cst.Tuple)):
            continue
        dims = _dims_of(ctx, args[0].value, ctx.start(call))
        elements = [e.value for e in args[1].elements]
        if dims is None or len(elements) != 2:
            continue
        size = elements[1]
        factors = _factors(size)
        if factors is None or len(factors) < 2 or math.prod(factors) == math.prod(dims):
            continue
        text = " * ".join(map(str, dims)) if len(dims) == len(factors) else str(math.prod(dims))
        written = ctx.code(size)
        # every outermost occurrence of the same product in the file
        spots = [n for n in ctx.nodes if isinstance(n, (cst.BinaryOperation, cst.Integer)) and n in ctx.positions
                 and _same(ctx.code(n), written)]
        outer = [n for n in spots if not any(o is not n and _within(ctx, n, o) for o in spots)]
        lines = sorted({ctx.start(n) for n in outer})
        yield ctx.fix(f"Recompute the flatten size `{written}` as `{text}` on line"
                      f"{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}",
                      *(ctx.replace(n, text) for n in outer))


def _within(ctx: FixContext, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    a, b = ctx.positions[node], ctx.positions[outer]
    return (b.start.line, b.start.column) <= (a.start.line, a.start.column) \
        and (a.end.line, a.end.column) <= (b.end.line, b.end.column)
