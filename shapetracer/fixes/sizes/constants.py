"""Recompute a constant: an integer on a line of the conflict (or in the definition of a
name used there) that equals one side of the mismatch is set to the other side.

Unsafe: the constant may feed other code.  The mismatch's sizes come from the finding's
message and its related lines' shapes (and, for numpy's "cannot reshape array of size N",
the size one entry needs for the others to fit), so only sizes the analysis derived are
tried.  A class count is never set to 1, and the sizes of a placeholder's declared shape
(the data the program is fed) are changed only for a feed mismatch.
"""

from __future__ import annotations

import math
from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

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


def _input_sizes(ctx: FixContext) -> set[int]:
    """Integers that size a placeholder's declared shape, written in it or in the definition
    of a name (``N_IN = 4``, ``--features`` default, ``SETTINGS["size"]``) used in it.

    They state the shape of the data the program is fed; a conflict inside the graph is
    repaired by adapting the graph to the data, not the data to the graph (whose own size,
    changed, shrinks or widens every example the program reads)."""
    found: set[int] = set()
    for call in ctx.calls_named(("placeholder",)):
        positional = [a.value for a in call.args if a.keyword is None]
        shape = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "shape"),
                     positional[1] if len(positional) > 1 else None)
        if shape is None:
            continue
        inner = [n for n in ctx.nodes if n in ctx.positions and _inside(ctx, n, shape)]
        found |= {id(n) for n in inner if isinstance(n, cst.Integer)}
        for node in inner:
            values: list[cst.BaseExpression] = []
            if isinstance(node, cst.Name):
                values = ctx.definitions(node.value)
            elif isinstance(node, cst.Attribute):
                values = ctx.definitions(node.attr.value)
            elif isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1 \
                    and isinstance(node.slice[0].slice, cst.Index) \
                    and isinstance(node.slice[0].slice.value, cst.SimpleString):
                key = node.slice[0].slice.value.evaluated_value
                for table in ctx.definitions(node.value.value):
                    if isinstance(table, cst.Dict):
                        values += [e.value for e in table.elements if isinstance(e, cst.DictElement)
                                   and isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == key]
            found |= {id(v) for v in values if isinstance(v, cst.Integer)}
    return found


_CLASS_COUNTS = {"to_categorical": 1, "one_hot": 1}  # the positional index of the count
_COUNT_KEYWORDS = ("num_classes", "depth", "n_classes")


def _class_counts(ctx: FixContext) -> set[int]:
    """Integers that count classes (``to_categorical(y, 2)``, ``tf.one_hot(i, depth=10)``,
    ``num_classes=CLASSES`` and the ``CLASSES = 5`` it names): labels index into them, so
    one class (a count of 1) fits no label but 0."""
    values = []
    for call in ctx.of_type(cst.Call):
        position = _CLASS_COUNTS.get(last_name(call.func))
        for index, arg in enumerate(call.args):
            if (arg.keyword is not None and arg.keyword.value in _COUNT_KEYWORDS) \
                    or (arg.keyword is None and index == position):
                values.append(arg.value)
    found: set[int] = set()
    for value in values:
        if isinstance(value, cst.Name):
            found.update(id(v) for v in ctx.definitions(value.value) if isinstance(v, cst.Integer))
        else:
            found.add(id(value))
    return found


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


def _quotients(ctx: FixContext) -> list[int]:
    """For numpy's "cannot reshape array of size 180 into shape (30,2,4)": each size one
    entry would need for the others to fit (180 / (30 * 2) = 3 for the 4)."""
    total, entries = ctx.facts.get("size"), ctx.facts.get("new_shape")  # only that message has both
    if total is None or entries is None or any(e is None or e < 0 for e in entries):
        return []
    found = []
    for index in range(len(entries)):
        others = math.prod(e for i, e in enumerate(entries) if i != index)
        if others > 0 and total % others == 0 and total // others > 1:
            found.append(total // others)
    return found


def propose(ctx: FixContext) -> Iterator[Fix]:
    sizes = [n for n in ctx.numbers if n > 0]
    sizes += [q for q in _quotients(ctx) if q not in sizes]
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
    class_counts = _class_counts(ctx)
    # a feed mismatch may be the declaration's fault; any other conflict is the graph's
    inputs = _input_sizes(ctx) if ctx.finding.code != codes.FEED_SHAPE else set()
    for node in _integers(ctx):
        if id(node) in inputs:
            continue
        try:
            value = int(node.value, 0)
        except ValueError:
            continue
        if value not in sizes:
            continue
        line = ctx.start(node)
        counts = id(node) in class_counts
        for other in sizes:
            # a size of 1 broadcasts against anything: from a real size (a width, a count)
            # it would silence the conflict rather than repair it; and one class is no
            # classification (labels 0 and 1 need two)
            if other != value and not (other == 1 and (value >= 16 or counts)):
                yield ctx.fix(f"Set {value} to {other} on line {line}", ctx.replace(node, str(other)))
