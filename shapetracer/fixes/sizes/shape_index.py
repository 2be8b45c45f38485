"""A size read from the wrong axis of a static shape: ``x.get_shape().as_list()[0]`` (the
batch) where the features ``[1]`` were meant, ``x.shape[1]`` where the channels ``[-1]``
were.  The read is found on the conflict's lines or in the definition of a name used
there, and every other axis of ``x`` whose size the analysis knows is tried.

Unsafe: the size changes wherever the name is used.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.MATMUL_DIM, codes.CHANNEL_MISMATCH, codes.SPLIT_UNEVEN, codes.BROADCAST,
                   codes.RESHAPE_SIZE, codes.CONCAT_DIM, codes.BIAS_MISMATCH, codes.KERAS_INPUT,
                   codes.INDEX_RANGE})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([8, 5])\n"
     "n_in = x.get_shape().as_list()[0]\n"
     "w = tf.zeros([n_in, 3])\n"
     "y = tf.matmul(x, w)\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([8, 5])\n"
     "n_in = x.get_shape().as_list()[1]\n"
     "w = tf.zeros([n_in, 3])\n"
     "y = tf.matmul(x, w)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([8, 5])\n"
    "n_in = x.get_shape().as_list()[1]\n"
    "w = tf.zeros([n_in, 3])\n"
    "y = tf.matmul(x, w)\n",
]


def _shape_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x`` of ``x.shape``, ``x.get_shape()``, ``x.get_shape().as_list()``, ``x.shape.as_list()``."""
    if isinstance(node, cst.Call) and last_name(node.func) in ("as_list", "get_shape") and not node.args:
        node = node.func.value if isinstance(node.func, cst.Attribute) else None
        if node is None:
            return None
        return _shape_of(node) if last_name(node) in ("shape", "get_shape") or isinstance(node, cst.Call) \
            else node if isinstance(node, cst.Name) else None
    if isinstance(node, cst.Attribute) and node.attr.value == "shape":
        return node.value
    return None


def _reads(ctx: FixContext) -> list[tuple[cst.Subscript, cst.BaseExpression, int]]:
    """(subscript, tensor, axis) of the static-shape reads on the conflict's lines and in
    the definitions of the names used there (and of the names those use, once more)."""
    lines = set(ctx.lines)
    for _ in range(2):
        for name in ctx.names_used(frozenset(lines)):
            for value in ctx.definitions(name):
                if value in ctx.positions:
                    lines.add(ctx.start(value))
    found = []
    for sub in ctx.of_type(cst.Subscript, lines):
        if len(sub.slice) != 1 or not isinstance(sub.slice[0].slice, cst.Index):
            continue
        index = sub.slice[0].slice.value
        negative = isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus)
        literal = index.expression if negative else index
        if not isinstance(literal, cst.Integer):
            continue
        tensor = _shape_of(sub.value)
        if tensor is None and isinstance(sub.value, cst.Name):  # shape = x.get_shape().as_list(); shape[2]
            made = ctx.definitions(sub.value.value)
            tensor = _shape_of(made[0]) if len(made) == 1 else None
        if tensor is not None:
            found.append((sub, tensor, -int(literal.value) if negative else int(literal.value)))
    return found


def _axes(ctx: FixContext, name: str | None) -> list[int]:
    """The axes of ``name`` worth reading: those whose size the analysis knows every time
    it bound ``name`` (``as_list()`` gives None for an unknown batch), with -1 for the last;
    when the analysis never logged ``name`` (a parameter, a data frame), the axes a size is
    usually read from: the first after the batch and the last."""
    shapes = [getattr(getattr(value, "shape", None), "dims", None) for origin, value in ctx.shape_log
              if origin.path == ctx.path and getattr(getattr(origin, "node", None), "value", None) == name]
    if not shapes:
        return [1, -1]
    if any(dims is None for dims in shapes) or len({len(dims) for dims in shapes}) != 1:
        return []
    rank = len(shapes[0])
    known = [axis for axis in range(rank) if all(dims[axis].known for dims in shapes)]
    return known + ([-1] if rank - 1 in known else [])


def propose(ctx: FixContext) -> Iterator[Fix]:
    for sub, tensor, axis in _reads(ctx):
        name = tensor.value if isinstance(tensor, cst.Name) else None
        if name is None:
            continue
        axes = _axes(ctx, name)
        last = max(axes, default=-1)  # -1 and this axis are the same one (when the rank is known)
        for other in axes:
            if other == axis or {other, axis} == {-1, last}:
                continue
            index = sub.slice[0].slice.value
            yield ctx.fix(f"Read axis {other} of `{name}` instead of axis {axis} on line {ctx.start(sub)}",
                          ctx.replace(index, str(other)))
