"""Long literal tables (lists and tuples of numbers and strings) read in one pass.

Tutorials ship data inline: a plotting helper with a 30,000-number table of digit images,
a list of anchor boxes, a vocabulary.  Evaluated element by element, such a table costs one
interpreter step per number, more than the analysis of the rest of the file, and uses up
the step budget.  Its value never depends on the program's state, so its structure is read
once per node (``template``) and a fresh copy of the lists is made each time the literal
runs (``materialize``): lists are mutable, numbers are not.

>>> import libcst as cst
>>> table = cst.parse_expression("[[1, -2.5], (3, 'a')]")
>>> materialize(template(table))
Seq(items=[Seq(items=[Const(1), Const(-2.5)], kind='list', sized=True), Seq(items=[Const(3), Const('a')], kind='tuple', sized=True)], kind='list', sized=True)
>>> template(cst.parse_expression("[1, x]")) is None
True
"""

from __future__ import annotations

import libcst as cst

from shapetracer.domain.values import UNKNOWN, Const, Seq, Value


def integer_value(node: cst.Integer) -> Value:
    try:
        return Const(int(node.value.replace("_", ""), 0))
    except ValueError:
        return Const(int(node.value.replace("_", "").lstrip("0") or "0"))


def float_value(node: cst.Float) -> Value:
    try:
        return Const(float(node.value.replace("_", "")))
    except ValueError:
        return UNKNOWN


def string_value(node: cst.SimpleString) -> Value:
    try:
        return Const(node.evaluated_value)
    except Exception:
        return UNKNOWN




def template(node: cst.BaseExpression, limit: int = 100_000) -> tuple | None:
    """``(kind, items)`` with ``Const`` leaves, for a list/tuple of number and string literals
    (nested, signs allowed); None for anything else or more than ``limit`` items in all."""
    makers = {cst.Integer: integer_value, cst.Float: float_value, cst.SimpleString: string_value}
    count = 0

    def read(current: cst.BaseExpression):
        nonlocal count
        count += 1
        if count > limit:
            return None
        kind = type(current)
        if kind in makers:
            value = makers[kind](current)
            return value if isinstance(value, Const) else None
        if kind is cst.UnaryOperation and type(current.operator) in (cst.Minus, cst.Plus) \
                and type(current.expression) in (cst.Integer, cst.Float):
            number = makers[type(current.expression)](current.expression)
            if not isinstance(number, Const):
                return None
            return Const(-number.value) if type(current.operator) is cst.Minus else number
        if kind in (cst.List, cst.Tuple):
            items = []
            for element in current.elements:
                if type(element) is not cst.Element:
                    return None  # *starred
                item = read(element.value)
                if item is None:
                    return None
                items.append(item)
            return ("list" if kind is cst.List else "tuple", items)
        return None

    found = read(node)
    return found if isinstance(found, tuple) else None


def materialize(found: tuple | Const) -> Value:
    """A fresh ``Seq`` tree of the template (the ``Const`` leaves are shared)."""
    if isinstance(found, Const):
        return found
    kind, items = found
    return Seq([materialize(item) for item in items], kind)


def size(found: tuple | Const) -> int:
    """Nodes in the template (the interpreter steps the literal stands for)."""
    if isinstance(found, Const):
        return 1
    return 1 + sum(size(item) for item in found[1])


__all__ = ["float_value", "integer_value", "materialize", "size", "string_value", "template"]
