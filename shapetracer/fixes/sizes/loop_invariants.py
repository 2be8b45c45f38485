"""A ``tf.while_loop`` whose loop variable changes shape (a decoded sequence one token
longer each step) gets ``shape_invariants``: the sizes that change become None, as
TensorFlow's message asks; the other loop variables keep any shape
(``tf.TensorShape(None)``).  A shape invariant given with its sizes in the wrong order
(``[None, BATCH]`` for a ``[BATCH, 1]`` variable) gets them in the order that fits.

Unsafe: the shapes the loop checks change.
"""

from __future__ import annotations

import itertools
from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, keyword, last_name

CODES = frozenset({codes.LOOP_INVARIANT, codes.SET_SHAPE_CONFLICT})

INVALID = [
    ("import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "start = tf.zeros([2, 1], tf.int32)\n"
     "def grow(i, tokens):\n"
     "    return i + 1, tf.concat([tokens, tokens[:, -1:]], axis=1)\n"
     "_, out = tf.while_loop(lambda i, t: i < 5, grow, [tf.constant(0), start])\n",
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "start = tf.zeros([2, 1], tf.int32)\n"
     "def grow(i, tokens):\n"
     "    return i + 1, tf.concat([tokens, tokens[:, -1:]], axis=1)\n"
     "_, out = tf.while_loop(lambda i, t: i < 5, grow, [tf.constant(0), start], "
     "shape_invariants=[tf.TensorShape(None), tf.TensorShape([2, None])])\n"),
]
VALID = [
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "start = tf.zeros([2, 1], tf.int32)\n"
    "def grow(i, tokens):\n"
    "    return i + 1, tf.concat([tokens, tokens[:, -1:]], axis=1)\n"
    "_, out = tf.while_loop(lambda i, t: i < 5, grow, [tf.constant(0), start], "
    "shape_invariants=[tf.TensorShape([]), tf.TensorShape([2, None])])\n",
]


def _loop_vars(call: cst.Call) -> cst.BaseExpression | None:
    arg = keyword(call, "loop_vars")
    if arg is None:
        positional = [a for a in call.args if a.keyword is None]
        arg = positional[2] if len(positional) > 2 else None
    return arg.value if arg is not None else None


def _grown(ctx: FixContext, call: cst.Call, facts: dict) -> Iterator[Fix]:
    """The loop variable ``loop_vars[index]`` enters with ``shape`` and leaves one iteration
    with ``after_shape``: its invariant keeps the dims that stay."""
    loop_vars = _loop_vars(call)
    if not isinstance(loop_vars, (cst.List, cst.Tuple)) or keyword(call, "shape_invariants") is not None:
        return
    index, before, after = facts["index"], facts.get("shape"), facts.get("after_shape")
    if before is None or after is None or index >= len(loop_vars.elements) or len(before) != len(after):
        return
    tf = ctx.code(call.func)[:-len("while_loop")]
    kept = [str(b) if b == a and b is not None else "None" for b, a in zip(before, after)]
    shapes = [f"{tf}TensorShape([{', '.join(kept)}])" if i == index else f"{tf}TensorShape(None)"
              for i in range(len(loop_vars.elements))]
    last = call.args[-1]
    yield ctx.fix(f"Let loop_vars[{index}] change shape ({', '.join(kept)}) on line {ctx.start(call)}",
                  ctx.insert_after(last, f", shape_invariants=[{', '.join(shapes)}]"))


def _reordered(ctx: FixContext, call: cst.Call) -> Iterator[Fix]:
    invariants = keyword(call, "shape_invariants")
    if invariants is None or not isinstance(invariants.value, (cst.List, cst.Tuple)):
        return
    for element in invariants.value.elements:
        shape = element.value
        if not (isinstance(shape, cst.Call) and last_name(shape.func) == "TensorShape" and shape.args
                and isinstance(shape.args[0].value, (cst.List, cst.Tuple))):
            continue
        entries = [ctx.code(e.value) for e in shape.args[0].value.elements]
        if not 2 <= len(entries) <= 3:
            continue
        for order in itertools.permutations(entries):
            if list(order) != entries:
                yield ctx.fix(f"Give the shape invariant as [{', '.join(order)}] on line {ctx.start(shape)}",
                              ctx.replace(shape.args[0].value, f"[{', '.join(order)}]"))


def propose(ctx: FixContext) -> Iterator[Fix]:
    facts = ctx.finding.args
    # a variable that grows (named only by its place in loop_vars: TF names no tensor there)
    grows = ctx.finding.code == codes.LOOP_INVARIANT and "after_shape" in facts and not facts.get("named")
    for call in ctx.calls_named(("while_loop",), {ctx.finding.line}):
        if grows:
            yield from _grown(ctx, call, facts)
        yield from _reordered(ctx, call)
