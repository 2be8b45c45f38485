"""A placeholder declared with a fixed batch size takes any batch: its first size becomes None.

Safe: a feed that fitted the fixed size fits None too.  All placeholders that share the
same first size are changed together (x and y of one batch).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword, last_name

# only where a feed decides: a None batch spreads into shapes that must be fully defined
# (a variable's initializer), which other findings do not cover
CODES = frozenset({codes.FEED_SHAPE, codes.POSSIBLE_FAILURE})

INVALID = [
    ("import numpy as np\n"
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "x = tf.placeholder(tf.float32, [32, 6])\n"
     "y = tf.reduce_sum(x)\n"
     "with tf.Session() as sess:\n"
     "    sess.run(y, {x: np.zeros((10, 6))})\n",
     "import numpy as np\n"
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "x = tf.placeholder(tf.float32, [None, 6])\n"
     "y = tf.reduce_sum(x)\n"
     "with tf.Session() as sess:\n"
     "    sess.run(y, {x: np.zeros((10, 6))})\n"),
]
VALID = [
    "import numpy as np\n"
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "x = tf.placeholder(tf.float32, [None, 6])\n"
    "y = tf.reduce_sum(x)\n"
    "with tf.Session() as sess:\n"
    "    sess.run(y, {x: np.zeros((10, 6))})\n",
]


def _first_size(call: cst.Call) -> cst.BaseExpression | None:
    shape = keyword(call, "shape")
    value = shape.value if shape is not None else (call.args[1].value if len(call.args) > 1
                                                   and call.args[1].keyword is None else None)
    if isinstance(value, (cst.List, cst.Tuple)) and value.elements:
        first = value.elements[0].value
        if not (isinstance(first, cst.Name) and first.value == "None"):
            return first
    return None


def propose(ctx: FixContext) -> Iterator[Fix]:
    groups: dict[str, list[cst.BaseExpression]] = {}
    for call in ctx.of_type(cst.Call):
        if last_name(call.func) == "placeholder":
            first = _first_size(call)
            if first is not None:
                groups.setdefault(ctx.code(first), []).append(first)
    for text, sizes in groups.items():
        lines = {ctx.start(size) for size in sizes}
        if not lines & ctx.lines:
            continue
        for size in sizes:  # the one on the conflict's lines alone
            if ctx.start(size) in ctx.lines:
                yield ctx.fix(f"Declare the placeholder on line {ctx.start(size)} with batch size None",
                              ctx.replace(size, "None"), safe=True)
        if len(sizes) > 1:
            yield ctx.fix(f"Declare the placeholders of batch size {text} with batch size None",
                          *(ctx.replace(size, "None") for size in sizes), safe=True)
