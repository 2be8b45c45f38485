"""Class names fed where class ids are expected (``{labels: ["dog", "cat"]}`` for an int
placeholder): each name becomes its index in the list of names the program defines
(``CLASSES.index("dog")``).  Offered only when one module-level list or tuple of strings
holds every name fed.

Unsafe: the values fed change.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.FEED_DTYPE})

INVALID = [
    ("import numpy as np\n"
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "CLASSES = ['cat', 'dog']\n"
     "labels = tf.placeholder(tf.int32, [None])\n"
     "with tf.Session() as sess:\n"
     "    print(sess.run(labels + 1, {labels: ['dog', 'cat']}))\n",
     "import numpy as np\n"
     "import tensorflow.compat.v1 as tf\n"
     "tf.disable_v2_behavior()\n"
     "CLASSES = ['cat', 'dog']\n"
     "labels = tf.placeholder(tf.int32, [None])\n"
     "with tf.Session() as sess:\n"
     "    print(sess.run(labels + 1, {labels: [CLASSES.index('dog'), CLASSES.index('cat')]}))\n"),
]
VALID = [
    "import numpy as np\n"
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "CLASSES = ['cat', 'dog']\n"
    "labels = tf.placeholder(tf.int32, [None])\n"
    "with tf.Session() as sess:\n"
    "    print(sess.run(labels + 1, {labels: [CLASSES.index('dog'), CLASSES.index('cat')]}))\n",
]


def _strings(node: cst.BaseExpression) -> list[str] | None:
    if not isinstance(node, (cst.List, cst.Tuple)) or not node.elements:
        return None
    values = [e.value for e in node.elements]
    if not all(isinstance(v, cst.SimpleString) for v in values):
        return None
    return [v.evaluated_value for v in values]


def _name_lists(ctx: FixContext) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for statement in ctx.module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name):
                    names = _strings(small.value)
                    if names is not None:
                        found[small.targets[0].target.value] = names
    return found


def propose(ctx: FixContext) -> Iterator[Fix]:
    lists = _name_lists(ctx)
    for feed in ctx.of_type(cst.Dict, {ctx.finding.line}):
        for element in feed.elements:
            if not isinstance(element, cst.DictElement):
                continue
            fed = element.value
            names = _strings(fed)
            if names is None:
                continue
            for list_name, known in lists.items():
                if all(name in known for name in names):
                    ids = ", ".join(f"{list_name}.index({ctx.code(e.value)})" for e in fed.elements)
                    yield ctx.fix(f"Feed the indices in {list_name} of the names on line {ctx.start(fed)}",
                                  ctx.replace(fed, f"[{ids}]"))
