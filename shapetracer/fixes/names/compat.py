"""A TensorFlow 1 name that the target TensorFlow 2 removed is spelled as the API model
says (``tf.random_normal`` -> ``tf.random.normal``, ``tf.placeholder`` ->
``tf.compat.v1.placeholder``).  A ``tf.compat.v1`` name also needs graph mode: unless the
file already turns eager execution off, ``tf.compat.v1.disable_eager_execution()`` goes
right after the import of TensorFlow.

Safe for a plain rename (the same function); unsafe when it switches eager execution off.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, dotted

CODES = frozenset({codes.API_ATTRIBUTE})
GRAPH_MODE = ("disable_eager_execution", "disable_v2_behavior")

INVALID = [
    ("import tensorflow as tf\n"
     "noise = tf.random_normal([2, 3])\n",
     "import tensorflow as tf\n"
     "noise = tf.random.normal([2, 3])\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "noise = tf.random.normal([2, 3])\n",
]


def propose(ctx: FixContext) -> Iterator[Fix]:
    use, attribute = ctx.finding.args.get("replacement"), ctx.finding.args.get("attribute")
    if use is None or attribute is None or not use.startswith("tf."):
        return
    for node in ctx.of_type(cst.Attribute, {ctx.finding.line}):
        spelled = dotted(node)
        if node.attr.value != attribute or spelled is None:
            continue
        root = spelled.split(".")[0]
        if ctx.module_aliases.get(root) != "tensorflow":
            continue
        new = root + use[len("tf"):]
        edit = ctx.replace(node, new)
        if ".compat.v1." not in new or any(ctx.of_type(cst.Name) and n.value in GRAPH_MODE
                                           for n in ctx.of_type(cst.Name)):
            yield ctx.fix(f"Use {new} on line {ctx.start(node)}", edit, safe=True)
            return
        anchor = _tensorflow_import(ctx, root)
        if anchor is not None:
            yield ctx.fix(f"Use {new} on line {ctx.start(node)}, in graph mode",
                          edit, ctx.insert_after(anchor, f"\n{root}.compat.v1.disable_eager_execution()"))
        return


def _tensorflow_import(ctx: FixContext, root: str) -> cst.CSTNode | None:
    for statement in ctx.of_type(cst.SimpleStatementLine):
        if ctx.positions[statement].start.column != 0:
            continue
        for small in statement.body:
            if isinstance(small, cst.Import) and any(
                    (a.asname.name.value if a.asname else ctx.code(a.name)) == root for a in small.names):
                return statement
    return None
