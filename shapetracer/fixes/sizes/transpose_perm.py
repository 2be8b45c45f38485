"""A ``transpose`` permutation shorter than the tensor's rank (``[1, 0]`` for a rank 3
tensor): the axes it leaves out are appended in order (``[1, 0, 2]``), the rank taken from
the finding ("Dimension must be 3 but is 2").

Unsafe: the layout the program wanted may differ.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.BAD_PERMUTATION})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([4, 7, 3])\n"
     "y = tf.transpose(x, [1, 0])\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([4, 7, 3])\n"
     "y = tf.transpose(x, [1, 0, 2])\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([4, 7, 3])\n"
    "y = tf.transpose(x, [1, 0, 2])\n",
]

def propose(ctx: FixContext) -> Iterator[Fix]:
    rank, given = ctx.finding.args.get("rank"), ctx.finding.args.get("perm_length")
    if rank is None or given is None:  # not a permutation of the wrong length
        return
    if given >= rank:
        return
    for call in ctx.calls_named(("transpose",), ctx.lines):
        perm = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "perm"), None)
        if perm is None and len(call.args) > 1 and call.args[1].keyword is None:
            perm = call.args[1].value
        if not isinstance(perm, (cst.List, cst.Tuple)) or len(perm.elements) != given:
            continue
        if not all(isinstance(e.value, cst.Integer) for e in perm.elements):
            continue
        axes = [int(e.value.value) for e in perm.elements]
        if len(set(axes)) != len(axes) or any(a < 0 or a >= rank for a in axes):
            continue
        full = axes + [a for a in range(rank) if a not in axes]
        text = "[" + ", ".join(map(str, full)) + "]" if isinstance(perm, cst.List) \
            else "(" + ", ".join(map(str, full)) + ")"
        yield ctx.fix(f"Keep the axes the permutation leaves out ({text}) on line {ctx.start(call)}",
                      ctx.replace(perm, text))
