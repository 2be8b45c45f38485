"""A tensor built with a fixed batch size (``tf.zeros([BATCH, H])``, a noise sample, a
tiled token) meeting data whose batch is only known at run time takes its batch size from
that data: the first size becomes ``tf.shape(x)[0]``.

Unsafe: the tensor's size follows the data from then on.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.POSSIBLE_FAILURE, codes.BROADCAST, codes.CONCAT_DIM})
BUILDERS = ("zeros", "ones", "fill", "random_normal", "random_uniform", "normal", "uniform", "truncated_normal",
            "tile", "constant")

INVALID = [
    ("import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "x = tf.placeholder(tf.float32, [None, 20])\n"
     "mask = tf.zeros([32, 20])\n"
     "y = x * mask\n",
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "x = tf.placeholder(tf.float32, [None, 20])\n"
     "mask = tf.zeros([tf.shape(x)[0], 20])\n"
     "y = x * mask\n"),
]
VALID = [
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "x = tf.placeholder(tf.float32, [None, 20])\n"
    "mask = tf.zeros([tf.shape(x)[0], 20])\n"
    "y = x * mask\n",
]


def _sources(ctx: FixContext) -> list[str]:
    """Tensors of the conflict whose first size is unknown: the batch to follow."""
    names: list[str] = []
    for node in ctx.of_type(cst.Name, ctx.lines):
        if node.value not in names and (ctx.known_rank(node.value) or 0) >= 1 \
                and ctx.kinds(node.value) & {"placeholder", "tensor"}:
            names.append(node.value)
    return names[:4]


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = ctx.alias_of("tensorflow") or ctx.alias_of("tensorflow.compat.v1")
    if tf is None:
        return
    sources = _sources(ctx)
    for call in ctx.calls_named(BUILDERS, ctx.lines):
        index = 1 if last_name(call.func) == "tile" else 0
        if len(call.args) <= index or not isinstance(call.args[index].value, (cst.List, cst.Tuple)):
            continue
        elements = call.args[index].value.elements
        if not elements or isinstance(elements[0].value, (cst.Call, cst.Subscript)):
            continue
        first = elements[0].value
        if ctx.code(first) in ("None", "-1", "1") and last_name(call.func) != "tile":
            continue
        for source in sources:
            yield ctx.fix(f"Take the batch size from `{source}` on line {ctx.start(first)}",
                          ctx.replace(first, f"{tf}.shape({source})[0]"))
