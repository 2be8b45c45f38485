"""Long literal tables (lists and tuples of numbers and strings) read in one pass.

Tutorials ship data inline: a plotting helper with a 30,000-number table of digit images,
a list of anchor boxes, a vocabulary.  Evaluated element by element, such a table costs one
interpreter step per number, more than the analysis of the rest of the file, and uses up
the step budget.  Its value never depends on the program's state, so its structure is read
once per node (``template``) and a fresh copy of the lists is made each time the literal
runs (``materialize``): lists are mutable, numbers are not.

>>> import libcst as cst
>>> table = cst.parse_expression("[[1, -2.5], (3, 'a')]")
>>> materialize(template(table).tree)
Seq(items=[Seq(items=[Const(1), Const(-2.5)], kind='list', sized=True), Seq(items=[Const(3), Const('a')], kind='tuple', sized=True)], kind='list', sized=True)
>>> template(cst.parse_expression("[1, x]")) is None
True
"""

from __future__ import annotations

from typing import NamedTuple

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
    """A string's value; one without a prefix, escapes or carriage returns is the text
    between its quotes (libcst's ``evaluated_value`` runs a Python parse for each string)."""
    text = node.value
    if text[0] in "'\"" and "\\" not in text and "\r" not in text:
        quotes = 3 if len(text) >= 6 and text[:3] in ('"""', "'''") else 1
        return Const(text[quotes:-quotes])
    try:
        return Const(node.evaluated_value)
    except Exception:
        return UNKNOWN




class Table(NamedTuple):
    """A literal read once: its ``(kind, items)`` tree with ``Const`` leaves, and how many
    nodes it has (the interpreter steps it stands for)."""

    tree: tuple
    nodes: int


_MAKERS = {cst.Integer: integer_value, cst.Float: float_value, cst.SimpleString: string_value}


def template(node: cst.BaseExpression, limit: int = 100_000) -> Table | None:
    """The table of a list/tuple of number and string literals (nested, signs allowed);
    None for anything else or more than ``limit`` nodes in all."""
    count = 0

    def read(current: cst.BaseExpression):
        nonlocal count
        count += 1
        if count > limit:
            return None
        kind = type(current)
        if kind in _MAKERS:
            value = _MAKERS[kind](current)
            return value if isinstance(value, Const) else None
        if kind is cst.UnaryOperation and type(current.operator) in (cst.Minus, cst.Plus) \
                and type(current.expression) in (cst.Integer, cst.Float):
            number = _MAKERS[type(current.expression)](current.expression)
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
    return Table(found, count) if isinstance(found, tuple) else None


def materialize(found: tuple | Const) -> Value:
    """A fresh ``Seq`` tree of the template (the ``Const`` leaves are shared)."""
    if isinstance(found, Const):
        return found
    kind, items = found
    return Seq([materialize(item) for item in items], kind)


__all__ = ["Table", "float_value", "integer_value", "materialize", "string_value", "template"]
