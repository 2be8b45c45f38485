"""Long literal tables are read in one pass and give what element-by-element evaluation gives."""

from __future__ import annotations

import doctest

import libcst as cst

from shapetracer.domain.values import Const, Seq
from shapetracer.frontend import literals
from tests.helpers import codes_of, globals_of

TABLE = "[" + ", ".join(f"[{i}, -{i}.5, 'w{i}']" for i in range(40)) + "]"


def _plain(value):
    """A value as nested Python lists and tuples, for comparison."""
    if isinstance(value, Seq):
        items = [_plain(v) for v in value.items]
        return items if value.kind == "list" else tuple(items)
    assert isinstance(value, Const), value
    return value.value


def test_a_long_table_has_the_same_value_as_python_gives():
    env = globals_of(f"table = {TABLE}\nshort = [1, 2, 3]\n")
    assert _plain(env["table"]) == eval(TABLE)
    assert _plain(env["short"]) == [1, 2, 3]


def test_each_run_gets_its_own_lists():
    env = globals_of(f"""
        def rows():
            t = {TABLE}
            t.append(0)
            t[0].append(1)
            return len(t), len(t[0])
        first = rows()
        second = rows()
    """)
    assert _plain(env["first"]) == (41, 4)
    assert _plain(env["second"]) == (41, 4)


def test_a_table_with_a_name_in_it_goes_through_the_interpreter():
    assert literals.template(cst.parse_expression("[1] * 0 or [" + "1, " * 40 + "x]")) is None
    env = globals_of("x = 7\ntable = [" + "1, " * 40 + "x]\n")
    assert _plain(env["table"])[-1] == 7


def test_shape_findings_through_a_table():
    numbers = ", ".join(str(i) for i in range(40))
    assert codes_of(f"""
        import numpy as np
        data = np.array([{numbers}])
        data.reshape(3, 7)
    """) == [(4, "ST104")]
    assert codes_of(f"""
        import numpy as np
        data = np.array([{numbers}])
        data.reshape(8, 5)
    """) == []


def test_docstring_examples():
    assert doctest.testmod(literals).failed == 0


STRINGS = ['""', "''", '"abc"', "'a\"b'", '"""x\ny"""', "'''''' ", "'''a'b'''", 'r"a\\b"', '"a\\nb"', "b'xy'",
           'f"{x}"', "u'é'", '"tab\\there"', "'''\"quoted\"'''"]


def test_a_string_has_the_value_python_gives():
    for source in STRINGS:
        node = cst.parse_expression(source.strip())
        if isinstance(node, cst.SimpleString):
            assert literals.string_value(node).value == node.evaluated_value, source


def test_every_corpus_string_has_the_value_python_gives():
    from pathlib import Path

    seen = 0
    for path in sorted((Path(__file__).resolve().parents[2] / "corpus" / "shape").glob("*/*.py"))[:300]:
        for node in _strings(cst.parse_module(path.read_text(encoding="utf-8"))):
            assert literals.string_value(node).value == node.evaluated_value, (path, node.value)
            seen += 1
    assert seen > 1000


def _strings(module):
    found = []

    class Strings(cst.CSTVisitor):
        def visit_SimpleString(self, node):
            found.append(node)

    module.visit(Strings())
    return found
