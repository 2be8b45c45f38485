"""``tf.cast`` where dtypes clash: an operand of the failing op (a name the analysis knows
as a tensor) is cast to the dtype the op expects — the other operand's for an arithmetic
op, an integer for sparse labels and indices, a float for one-hot labels.

Unsafe: a cast may round (float to int) or widen what a correct program computed.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from shapetracer.rules import codes
from shapetracer.rules.findings import Fix
from shapetracer.fixes.context import FixContext, last_name
from shapetracer.rules.facts import FACTS
from shapetracer.rules.message import DTYPE, DTYPES

CODES = frozenset({getattr(codes, name) for name in ("DTYPE_MISMATCH", "LABEL_DTYPE", "INDEX_DTYPE")
                   if hasattr(codes, name)})
# the dtypes a cast may name (the kernels' short names, "float" and "half", name none)
_CASTABLE = {f"{base}{bits}" for base in ("int", "uint") for bits in (8, 16, 32, 64)} \
    | {"float16", "float32", "float64", "bfloat16", "double", "bool"}
_ALIAS = {"double": "float64", "float": "float32"}

INVALID = [
    ("import tensorflow as tf\n"
     "a = tf.constant([1, 2, 3])\n"
     "b = tf.constant([0.5, 1.0, 2.0])\n"
     "c = a * b\n",
     "import tensorflow as tf\n"
     "a = tf.constant([1, 2, 3])\n"
     "b = tf.constant([0.5, 1.0, 2.0])\n"
     "c = tf.cast(a, tf.float32) * b\n"),
]
VALID = [
    "import tensorflow as tf\n"
    "a = tf.constant([1, 2, 3])\n"
    "b = tf.constant([0.5, 1.0, 2.0])\n"
    "c = tf.cast(a, tf.float32) * b\n",
]


def _named(args) -> list[str]:
    """The dtypes among a finding's (or a related line's) facts, in the order it prints them."""
    names: list[str] = []
    for name, value in args.items():
        kind = FACTS.get(name)
        if kind is DTYPE and isinstance(value, str):
            names.append(value)
        elif kind is DTYPES:
            names.extend(value)
    return names


def _dtypes(ctx: FixContext) -> list[str]:
    found: list[str] = []
    mentioned = [*_named(ctx.facts), *(d for r in ctx.finding.related for d in _named(r.args))]
    for dtype in mentioned:
        name = _ALIAS.get(dtype, dtype)
        if dtype in _CASTABLE and name not in found:
            found.append(name)
    if ctx.finding.code != codes.DTYPE_MISMATCH:
        found += [d for d in ("int32", "int64", "float32") if d not in found]
    if any("float" in dtype for dtype in mentioned) and "float32" not in found:
        found.append("float32")
    return found


def _operands(ctx: FixContext) -> list[cst.BaseExpression]:
    line = {ctx.finding.line}
    found: list[cst.BaseExpression] = []
    for op in ctx.of_type(cst.BinaryOperation, line):
        found += [op.left, op.right]
    for call in ctx.of_type(cst.Call, line):
        if last_name(call.func) != "cast":
            found += [arg.value for arg in call.args]
    return [e for e in found if isinstance(e, cst.Name) and ctx.known_rank(e.value) is not None]


def propose(ctx: FixContext) -> Iterator[Fix]:
    tf = ctx.alias_of("tensorflow") or ctx.alias_of("tensorflow.compat.v1")
    if tf is None:
        return
    pairs = [(operand, dtype) for operand in _operands(ctx) for dtype in _dtypes(ctx)]
    # a float target first: casting an int to a float rounds nothing, while a float made an
    # int loses its fraction (and a loss built of it cannot be minimised)
    for operand, dtype in sorted(pairs, key=lambda pair: not pair[1].startswith("float")):
        yield ctx.fix(f"Cast `{ctx.code(operand)}` to {dtype} on line {ctx.start(operand)}",
                      ctx.replace(operand, f"{tf}.cast({ctx.code(operand)}, {tf}.{dtype})"))
