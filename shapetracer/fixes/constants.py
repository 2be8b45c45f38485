"""Recompute a constant: an integer on a line of the conflict (or in the definition of a
name used there) that equals one side of the mismatch is set to the other side.

Unsafe: the constant may feed other code.  The mismatch's sizes come from the finding's
message and its related lines' shapes, so only sizes the analysis derived are tried.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.domain import codes
from shapetracer.domain.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.MATMUL_DIM, codes.BROADCAST, codes.RESHAPE_SIZE, codes.FEED_SHAPE,
                   codes.NEGATIVE_DIM, codes.CONCAT_DIM, codes.LABELS_LOGITS, codes.CHANNEL_MISMATCH,
                   codes.SET_SHAPE_CONFLICT, codes.BIAS_MISMATCH, codes.CONV_TRANSPOSE_OUTPUT,
                   codes.ASSIGN_SHAPE, codes.KERAS_INPUT, codes.KERAS_TARGET, codes.RNN_INPUT,
                   codes.SPLIT_UNEVEN, codes.INDEX_RANGE, codes.NUMPY_SHAPE, codes.SHAPE_REQUIREMENT,
                   codes.RANK_MISMATCH, codes.AXIS_RANGE, codes.LOSS_BROADCAST, codes.POSSIBLE_FAILURE,
                   codes.EINSUM_MISMATCH})

INVALID = [
    ("import tensorflow as tf\n"
     "x = tf.zeros([4, 784])\n"
     "w = tf.zeros([748, 10])\n"
     "y = tf.matmul(x, w)\n",
     "import tensorflow as tf\n"
     "x = tf.zeros([4, 784])\n"
     "w = tf.zeros([784, 10])\n"
     "y = tf.matmul(x, w)\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "x = tf.zeros([4, 784])\n"
    "w = tf.zeros([784, 10])\n"
    "y = tf.matmul(x, w)\n",
]


def _integers(ctx: FixContext) -> Iterator[cst.Integer]:
    seen: set[int] = set()
    nodes: list[cst.CSTNode] = list(ctx.of_type(cst.Integer, ctx.lines))
    for name in sorted(ctx.names_used(ctx.lines)):
        for value in ctx.definitions(name):
            nodes.extend(n for n in ctx.nodes if isinstance(n, cst.Integer) and _inside(ctx, n, value))
    for node in nodes:
        if id(node) not in seen and id(node) not in _not_sizes(ctx):
            seen.add(id(node))
            yield node


def _not_sizes(ctx: FixContext) -> set[int]:
    """Integers that are no size: the 1 of -1, an index (``shape[1]``, ``x[-1]``), and the
    entries of a window or stride list ``[1, a, b, 1]`` (its 1s are the batch and channel
    steps)."""
    if "_not_sizes" in ctx.__dict__:
        return ctx.__dict__["_not_sizes"]
    found = {id(n.expression) for n in ctx.of_type(cst.UnaryOperation)}
    for subscript in ctx.of_type(cst.SubscriptElement):
        if isinstance(subscript.slice, cst.Index):
            found |= {id(n) for n in ctx.nodes if isinstance(n, cst.Integer) and _inside(ctx, n, subscript)}
    for lst in ctx.of_type(cst.List):
        values = [e.value for e in lst.elements]
        if len(values) == 4 and all(isinstance(v, cst.Integer) for v in values) \
                and values[0].value == values[-1].value == "1":
            found |= {id(v) for v in values}
    ctx.__dict__["_not_sizes"] = found
    return found


def _inside(ctx: FixContext, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    if node not in ctx.positions or outer not in ctx.positions:
        return False
    a, b = ctx.positions[node], ctx.positions[outer]
    return (b.start.line, b.start.column) <= (a.start.line, a.start.column) \
        and (a.end.line, a.end.column) <= (b.end.line, b.end.column)


def _constant_names(ctx: FixContext) -> dict[str, int]:
    """Names bound to one integer literal in the whole file (``N_CLASSES = 10``)."""
    values: dict[str, set] = {}
    for assign in ctx.of_type(cst.Assign):
        for target in assign.targets:
            for name, value in _pairs(target.target, assign.value):
                values.setdefault(name, set()).add(value)
    return {name: next(iter(found)) for name, found in values.items() if len(found) == 1 and None not in found}


def _pairs(target, value):
    if isinstance(target, cst.Name):
        literal = None
        if isinstance(value, cst.Integer):
            try:
                literal = int(value.value, 0)
            except ValueError:
                pass
        yield target.value, literal
    elif isinstance(target, (cst.Tuple, cst.List)):
        same = isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements)
        for index, element in enumerate(target.elements):
            yield from _pairs(element.value, value.elements[index].value if same else None)


def propose(ctx: FixContext) -> Iterator[Fix]:
    sizes = [n for n in ctx.numbers if n > 0]
    constants = _constant_names(ctx)
    for name in ctx.of_type(cst.Name, ctx.lines):
        value = constants.get(name.value)
        if value not in sizes:
            continue
        for other in sizes:
            for other_name, other_value in constants.items():
                if other_value == other != value:
                    yield ctx.fix(f"Use {other_name} ({other}) instead of {name.value} ({value}) on line "
                                  f"{ctx.start(name)}", ctx.replace(name, other_name))
    for node in _integers(ctx):
        try:
            value = int(node.value, 0)
        except ValueError:
            continue
        if value not in sizes:
            continue
        line = ctx.start(node)
        for other in sizes:
            # a size of 1 broadcasts against anything: from a real size (a width, a count)
            # it would silence the conflict rather than repair it
            if other != value and not (other == 1 and value >= 16):
                yield ctx.fix(f"Set {value} to {other} on line {line}", ctx.replace(node, str(other)))
