"""Let the reshape infer a size: one entry of a reshape's target shape becomes -1.

Safe only where the reshape can succeed: a possible failure (ST201, the last partial batch
against a fixed batch size), or a reshape on the conflict's lines that is not itself the
failing op.  There, on every run where the original reshape works, -1 infers exactly the
entry's value, and it only changes the runs that crashed.  Unsafe where the reshape fails
for every value (ST104, ST126 at the reshape): the written entry contradicts the input, and
-1 silently takes the input's side.  When the entry was the right one (``tf.reshape(x, [8,
784])`` fed 64 rows where 8 was meant, a flatten size that fits the model while a layer
above it is wrong), that edit changes what the program computes (a batch 8 times larger)
instead of fixing it, whether the entry is a literal, a named constant or a product.
Offered only for a target without a -1 yet (two are an error of their own, ST113).  A
reshape that mixes examples across the batch axis (ST203) gets the target that keeps it, as
the finding suggests (unsafe: the rows change).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.RESHAPE_SIZE, codes.NUMPY_SHAPE, codes.MATMUL_DIM, codes.KERAS_INPUT,
                   codes.FEED_SHAPE, codes.BROADCAST, codes.POSSIBLE_FAILURE, codes.BATCH_MIXING})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([8, 7, 7, 64])\n"
     "flat = tf.reshape(x, [8, 4 * 4 * 64])\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([8, 7, 7, 64])\n"
     "flat = tf.reshape(x, [8, -1])\n"),
]
INVALID += [  # a possible failure: the last partial batch against a fixed batch size (safe)
    ("import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "x = tf.placeholder(tf.float32, [None, 784])\n"
     "images = tf.reshape(x, [32, 28, 28, 1])\n",
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "x = tf.placeholder(tf.float32, [None, 784])\n"
     "images = tf.reshape(x, [-1, 28, 28, 1])\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([8, 7, 7, 64])\n"
    "flat = tf.reshape(x, [8, -1])\n",
]


def _elements(ctx: FixContext, call: cst.Call) -> list[cst.BaseExpression] | None:
    """The target shape's entries, or None when the call's shape cannot be read."""
    name = last_name(call.func)
    if name == "Reshape":
        shape = call.args[0].value if call.args else None
    elif isinstance(call.func, cst.Attribute) and ctx.code(call.func.value) in ("tf", "np", "numpy", "tensorflow",
                                                                               "K", "backend"):
        shape = call.args[1].value if len(call.args) > 1 else None  # tf.reshape(x, shape)
    else:  # array.reshape(a, b) or array.reshape((a, b))
        if len(call.args) == 1:
            shape = call.args[0].value
        else:
            return [a.value for a in call.args if a.keyword is None]
    if isinstance(shape, (cst.List, cst.Tuple)):
        return [e.value for e in shape.elements if not isinstance(e, cst.StarredElement)]
    return None


def propose(ctx: FixContext) -> Iterator[Fix]:
    keep = ctx.finding.args.get("suggested")  # ST203's batch-keeping target
    if keep is not None:
        target = "[" + ", ".join(str(d) for d in keep) + "]"
        for call in ctx.calls_named(("reshape", "Reshape"), {ctx.finding.line}):
            shape = call.args[1].value if len(call.args) > 1 else None
            if isinstance(shape, (cst.List, cst.Tuple)):
                yield ctx.fix(f"Reshape to {target}, keeping the batch axis, on line {ctx.start(call)}",
                              ctx.replace(shape, target))
    for call in ctx.calls_named(("reshape", "Reshape"), ctx.lines):
        elements = _elements(ctx, call)
        if not elements or any(ctx.code(e).replace(" ", "") == "-1" for e in elements):
            continue
        safe = not _fails_for_every_value(ctx, call)
        for element in elements:
            text = ctx.code(element)
            if text in ("None",):
                continue
            yield ctx.fix(f"Let the reshape infer `{text}` (-1) on line {ctx.start(element)}",
                          ctx.replace(element, "-1"), safe=safe)


def _fails_for_every_value(ctx: FixContext, call: cst.Call) -> bool:
    """The finding is this reshape's own definite failure: no run of the program gets past it."""
    finding = ctx.finding
    return finding.code in DEFINITE_AT_RESHAPE and finding.confidence == "definite" \
        and ctx.start(call) <= finding.line <= ctx.positions[call].end.line


DEFINITE_AT_RESHAPE = frozenset({codes.RESHAPE_SIZE, codes.NUMPY_SHAPE})
