"""A list read one past its end (``hidden[2]`` of a two-item list, ``dims[-2]`` of a
one-item list): the constant index on the finding's line becomes the last item's index
(``n - 1``, or ``-1`` for a negative index), the length taken from the finding.

Unsafe: another item is read.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.LIST_INDEX})

INVALID = [
    ("import numpy as np\n"
     "hidden = [64, 32]\n"
     "output = np.zeros((hidden[2], 10))\n",
     "import numpy as np\n"
     "hidden = [64, 32]\n"
     "output = np.zeros((hidden[1], 10))\n"),
]
VALID = [
    "import numpy as np\n"
    "hidden = [64, 32]\n"
    "output = np.zeros((hidden[1], 10))\n",
]

def _constant(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) \
            and isinstance(node.expression, cst.Integer):
        return -int(node.expression.value)
    return None


def propose(ctx: FixContext) -> Iterator[Fix]:
    facts = ctx.finding.args
    name, index, length = facts.get("name"), facts.get("index"), facts.get("length")
    if name is None or index is None or length is None or facts.get("kind") != "list":
        return  # (a tuple read past its end is left as it was: not yet measured)
    if length < 1:
        return
    last = -1 if index < 0 else length - 1
    for sub in ctx.of_type(cst.Subscript, {ctx.finding.line}):
        if not (isinstance(sub.value, cst.Name) and sub.value.value == name) or len(sub.slice) != 1:
            continue
        element = sub.slice[0].slice
        if isinstance(element, cst.Index) and _constant(element.value) == index:
            yield ctx.fix(f"Read the last item of {name} ({name}[{last}]) on line {ctx.finding.line}",
                          ctx.replace(element.value, str(last)))
