"""The handler table: which part handles which libcst node type.

It replaced a lookup of methods by name (``expr_Name``, ``stmt_If``, ``small_Return`` on
one Interpreter class): the table must reach exactly the node types that lookup reached,
and every other type libcst has is one the analysis leaves unmodelled on purpose.
"""

from __future__ import annotations

import inspect

import libcst as cst

from shapetracer.frontend.interpreter import Interpreter
from tests.helpers import globals_of

# The node types the name-based lookup found methods for, read from the Interpreter
# before the table replaced it (``expr_*``, ``stmt_*`` with ``stmt_TryStar = stmt_Try``, ``small_*``).
BY_NAME = {
    "expressions": {"Attribute", "Await", "BinaryOperation", "BooleanOperation", "Call", "Comparison",
                    "ConcatenatedString", "Dict", "DictComp", "Ellipsis", "Float", "FormattedString",
                    "GeneratorExp", "IfExp", "Imaginary", "Integer", "Lambda", "List", "ListComp", "Name",
                    "NamedExpr", "Set", "SetComp", "SimpleString", "Subscript", "Tuple", "UnaryOperation",
                    "Yield"},
    "statements": {"ClassDef", "For", "FunctionDef", "If", "SimpleStatementLine", "Try", "TryStar", "While",
                   "With"},
    "small": {"AnnAssign", "Assert", "Assign", "AugAssign", "Break", "Continue", "Del", "Expr", "Global", "Import",
              "ImportFrom", "Raise", "Return"},
}
# libcst types with no handler: an expression of one is unknown, a statement changes nothing.
NOT_MODELLED = {
    "expressions": {"StarredElement", "StarredDictComp", "TemplatedString"},
    "statements": {"Match"},
    "small": {"Pass", "Nonlocal", "TypeAlias", "LazyImport", "LazyImportFrom"},
}
BASES = {"expressions": cst.BaseExpression, "statements": cst.BaseCompoundStatement, "small": cst.BaseSmallStatement}


def _tables() -> dict[str, dict]:
    dispatch = Interpreter().dispatch
    return {"expressions": dispatch.expressions, "statements": dispatch.statements, "small": dispatch.small}


def _concrete(base: type) -> set[str]:
    return {name for name, value in vars(cst).items()
            if inspect.isclass(value) and issubclass(value, base) and not inspect.isabstract(value)
            and not name.startswith("Base")}


def test_the_table_reaches_the_node_types_the_method_names_did():
    for kind, table in _tables().items():
        assert {node_type.__name__ for node_type in table} == BY_NAME[kind], kind


def test_every_libcst_node_type_is_handled_or_left_unmodelled_on_purpose():
    """A libcst release that adds a node type fails here until the type is given a handler
    or listed as not modelled."""
    for kind, base in BASES.items():
        handled = BY_NAME[kind] - {"SimpleStatementLine"}
        assert _concrete(base) - NOT_MODELLED[kind] == handled, kind
        assert not handled & NOT_MODELLED[kind]


def test_handlers_are_methods_of_the_parts_bound_once_per_interpreter():
    interpreter = Interpreter()
    table = interpreter.dispatch.expressions
    assert table[cst.Name].__self__ is interpreter.evaluator
    assert table[cst.ListComp].__self__ is interpreter.comprehensions
    assert table[cst.NamedExpr].__self__ is interpreter.assigner
    assert interpreter.dispatch.statements[cst.For].__self__ is interpreter.loops
    assert interpreter.dispatch.small[cst.Import].__self__ is interpreter.modules
    parts = {handler.__self__ for table in _tables().values() for handler in table.values()}
    assert all(type(part).__module__.startswith("shapetracer.frontend.") for part in parts)
    assert Interpreter().dispatch.expressions[cst.Name].__self__ is not interpreter.evaluator


def test_unmodelled_syntax_changes_nothing_and_is_unknown():
    env = globals_of("""
x = 1
pass
match x:
    case 1:
        x = 2
y = x + 1
""")
    assert env["x"].value == 1 and env["y"].value == 2
