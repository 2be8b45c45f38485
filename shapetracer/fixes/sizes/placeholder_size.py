"""A placeholder declared with ``None`` where an op needs the size (an RNN's input depth,
the width a ``Dense`` layer sizes its kernel from) gets a size the program names: a
module constant (``N_FEATURES``) or a command-line option spelled like the placeholder's
other sizes (``args.frames`` beside ``args.mel_bins``).  The batch axis is left alone;
re-analysis (the values fed included) keeps the sizes that fit.

Unsafe: the placeholder accepts less.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name

CODES = frozenset({codes.UNDEFINED_DIM})

INVALID = [
    ("import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "N_FEATURES = 3\n"
     "sequences = tf.placeholder(tf.float32, [None, None, None])\n"
     "outputs, state = tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(10), sequences, dtype=tf.float32)\n",
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "N_FEATURES = 3\n"
     "sequences = tf.placeholder(tf.float32, [None, None, N_FEATURES])\n"
     "outputs, state = tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(10), sequences, dtype=tf.float32)\n"),
]
VALID = [
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "N_FEATURES = 3\n"
    "sequences = tf.placeholder(tf.float32, [None, None, N_FEATURES])\n"
    "outputs, state = tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(10), sequences, dtype=tf.float32)\n",
]


def _module_constants(ctx: FixContext) -> list[str]:
    """Module names bound once to a positive integer literal, in file order."""
    seen: dict[str, int] = {}
    for statement in ctx.module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                continue
            target, value = small.targets[0].target, small.value
            pairs = [(target, value)]
            if isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple) \
                    and len(target.elements) == len(value.elements):
                pairs = [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
            for name, literal in pairs:
                if isinstance(name, cst.Name) and isinstance(literal, cst.Integer):
                    seen[name.value] = seen.get(name.value, 0) + 1
    return [name for name, count in seen.items() if count == 1]


def _options(ctx: FixContext, namespace: str) -> list[str]:
    """``namespace.dest`` of every integer option the file defines."""
    found = []
    for call in ctx.calls_named(("add_argument", "DEFINE_integer")):
        first = call.args[0].value if call.args else None
        if not isinstance(first, cst.SimpleString):
            continue
        if last_name(call.func) == "add_argument" and "int" not in ctx.code(call):
            continue
        found.append(f"{namespace}.{first.evaluated_value.lstrip('-').replace('-', '_')}")
    return found


def propose(ctx: FixContext) -> Iterator[Fix]:
    for call in ctx.calls_named(("placeholder",), ctx.lines):
        shape = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "shape"), None)
        positional = [a.value for a in call.args if a.keyword is None]
        shape = shape if shape is not None else positional[1] if len(positional) > 1 else None
        if not isinstance(shape, (cst.List, cst.Tuple)):
            continue
        entries = [e.value for e in shape.elements]
        namespaces = {ctx.code(e.value) for e in entries if isinstance(e, cst.Attribute)}
        sizes = _module_constants(ctx) + [o for ns in sorted(namespaces) for o in _options(ctx, ns)]
        used = {ctx.code(e) for e in entries}
        for position in reversed(range(1, len(entries))):
            entry = entries[position]
            if not (isinstance(entry, cst.Name) and entry.value == "None"):
                continue
            for size in sizes:
                if size not in used:
                    yield ctx.fix(f"Declare axis {position} of the placeholder as {size} on line {ctx.start(call)}",
                                  ctx.replace(entry, size))
