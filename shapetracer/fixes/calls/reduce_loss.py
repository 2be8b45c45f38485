"""A loss used as a scalar (printed with ``%f``, passed to ``float()`` or a summary) that
still holds one value per example: the reduction that left an axis drops it
(``tf.reduce_mean(x, axis=1)`` -> ``tf.reduce_mean(x)``), or the unreduced value is
averaged (``tf.reduce_mean(...)``, ``np.mean(...)`` for an array).

Unsafe: the loss becomes one number.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.SCALAR_REQUIRED})
REDUCTIONS = ("reduce_mean", "reduce_sum", "mean", "sum", "reduce_max", "reduce_min")

INVALID = [
    ("import tensorflow as tf\n"
     "per_example = tf.zeros([8, 3])\n"
     "loss = tf.reduce_sum(per_example, axis=1)\n"
     "print(float(loss))\n",
     "import tensorflow as tf\n"
     "per_example = tf.zeros([8, 3])\n"
     "loss = tf.reduce_sum(per_example)\n"
     "print(float(loss))\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "per_example = tf.zeros([8, 3])\n"
    "loss = tf.reduce_sum(per_example)\n"
    "print(float(loss))\n",
]


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = ctx.alias_of("tensorflow") or ctx.alias_of("tensorflow.compat.v1")
    np_name = ctx.alias_of("numpy")
    for assign in ctx.of_type(cst.Assign, ctx.lines):
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            continue
        name = assign.targets[0].target.value
        if not ctx.known_rank(name):
            continue
        value, line = assign.value, ctx.start(assign)
        if isinstance(value, cst.Call) and last_name(value.func) in REDUCTIONS:
            extra = [a for a in value.args[1:] if a.keyword is None or a.keyword.value in ("axis", "dim")]
            if extra:
                keep = [a for a in value.args if a not in extra]
                args = ", ".join(ctx.code(a.with_changes(comma=cst.MaybeSentinel.DEFAULT)) for a in keep)
                yield ctx.fix(f"Reduce over every axis on line {line}",
                              ctx.replace(value, f"{ctx.code(value.func)}({args})"))
                continue
        wrapper = f"{np_name}.mean" if "ndarray" in ctx.kinds(name) else (f"{tf}.reduce_mean" if tf else None)
        if wrapper is not None and not (isinstance(value, cst.Call) and last_name(value.func) in REDUCTIONS):
            yield ctx.fix(f"Average `{name}` to one number on line {line}",
                          ctx.replace(value, f"{wrapper}({ctx.code(value)})"))
