"""A sibling variable where the wrong one was passed: ``y_test`` for ``y_train``,
``val_idx`` for ``train_idx`` — a name on the finding's line is replaced by another name
of the file that differs from it in one ``_``-separated part, both arrays of the same
rank by the analysis (so that a name is never swapped for a module, a flag or a loop index).

Unsafe: another value is used.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext

CODES = frozenset({codes.KERAS_TARGET, codes.KERAS_INPUT, codes.CONCAT_DIM, codes.BROADCAST, codes.FEED_SHAPE,
                   codes.LOSS_BROADCAST, codes.LABELS_LOGITS, codes.MATMUL_DIM, codes.SHAPE_REQUIREMENT,
                   codes.CONV_TRANSPOSE_OUTPUT})

INVALID = [
    ("import numpy as np\n"
     "from tensorflow import keras\n"
     "x_train, y_train = np.zeros((8, 4)), np.zeros((8, 1))\n"
     "x_test, y_test = np.zeros((2, 4)), np.zeros((2, 1))\n"
     "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1)])\n"
     "model.compile(optimizer='adam', loss='mse')\n"
     "model.fit(x_train, y_test, epochs=1, verbose=0)\n",
     "import numpy as np\n"
     "from tensorflow import keras\n"
     "x_train, y_train = np.zeros((8, 4)), np.zeros((8, 1))\n"
     "x_test, y_test = np.zeros((2, 4)), np.zeros((2, 1))\n"
     "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1)])\n"
     "model.compile(optimizer='adam', loss='mse')\n"
     "model.fit(x_train, y_train, epochs=1, verbose=0)\n"),
]
VALID = [
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "x_train, y_train = np.zeros((8, 4)), np.zeros((8, 1))\n"
    "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(1)])\n"
    "model.compile(optimizer='adam', loss='mse')\n"
    "model.fit(x_train, y_train, epochs=1, verbose=0)\n",
]


def _siblings(a: str, b: str) -> bool:
    pa, pb = a.split("_"), b.split("_")
    if a == b or min(len(pa), len(pb)) < 1 or max(len(pa), len(pb)) < 2:
        return False  # one-word names share nothing to go by
    if len(pa) == len(pb):
        return sum(x != y for x, y in zip(pa, pb)) == 1
    short, long = (pa, pb) if len(pa) < len(pb) else (pb, pa)
    return len(long) == len(short) + 1 and (long[1:] == short or long[:-1] == short)


def _assigned(ctx: FixContext, scope: cst.CSTNode | None) -> set[str]:
    """Names assigned above the finding's line, in its function or at module level (a name
    bound only later, or in another function, is no candidate)."""
    names: set[str] = set()
    for node in [*ctx.of_type(cst.AssignTarget), *ctx.of_type(cst.For)]:
        if ctx.start(node) < ctx.finding.line and ctx.scope_of(node) in (None, scope):
            names |= {n.value for n in _targets(node.target)}
    return names


def _targets(target: cst.BaseExpression):
    if isinstance(target, cst.Name):
        yield target
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _targets(element.value)


def propose(ctx: FixContext) -> Iterator[Fix]:
    names = ctx.of_type(cst.Name, {ctx.finding.line})
    assigned = _assigned(ctx, ctx.scope_of(names[0]) if names else None)
    not_variables = {id(a.attr) for a in ctx.of_type(cst.Attribute, {ctx.finding.line})}
    not_variables |= {id(a.keyword) for a in ctx.of_type(cst.Arg, {ctx.finding.line}) if a.keyword is not None}
    not_variables |= {id(e.key) for e in ctx.of_type(cst.DictElement, {ctx.finding.line})}  # feed keys
    for name in names:
        rank = ctx.known_rank(name.value)
        if name.value not in assigned or id(name) in not_variables or rank is None:
            continue
        for other in sorted(assigned):
            # only another array of the same rank: the analysis knows both
            if _siblings(name.value, other) and ctx.known_rank(other) == rank \
                    and ctx.kinds(other) == ctx.kinds(name.value):
                yield ctx.fix(f"Use `{other}` instead of `{name.value}` on line {ctx.start(name)}",
                              ctx.replace(name, other))
