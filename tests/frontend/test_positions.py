"""Positions laid out per top-level statement agree with libcst's whole-file layout."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from shapetracer.frontend.scope import ModuleScope, child_nodes

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "corpus" / "shape").rglob("*.py"))[::7] + sorted((ROOT / "examples").rglob("*.py"))

TRICKY = '''#!/usr/bin/env python
"""Docstring."""
# a comment before the imports

import os  # trailing


@property
# between decorators
@staticmethod
def f(x):
    a = 1; b = (2 +
                3)
    return [y
            for y in x]


class C:
    """Doc."""

    def g(self):
        if True:
            return 1
        elif False: z = 2; w = (3,
            4)
        else:
            try:
                q = g(
                    1,
                  2)
            except ValueError as e:
                pass
            finally:
                r = 1
        for i in range(3):
            with open("f") as h:
                t = [
  1]
        else:
            u = 0
        while False:
            v = 1  # \x0c in a comment: 
        return None
x = f(1) ; y = C()
'''


def _check(text: str) -> int:
    module = cst.parse_module(text)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    scope = ModuleScope("m.py", None, text, module, tree=ast.parse(text))
    checked = 0
    stack = list(module.body)
    while stack:
        node = stack.pop()
        stack.extend(child_nodes(node))
        want = expected[node]
        got = scope.position(node)
        assert got == (want.start.line, want.start.column + 1, want.end.line, want.end.column + 1), \
            f"{type(node).__name__} {cst.Module([]).code_for_node(node)!r}"
        checked += 1
    return checked


def test_tricky_layout():
    assert _check(TRICKY) > 50


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_corpus_file(path: Path):
    assert _check(path.read_text()) > 0


# Headers of compound statements (a `with` item, a `for` iterable, a default, a base class,
# a decorator) are laid out with their bodies stubbed out; elif tests stay with the whole
# top-level statement.
HEADERS = '''import tensorflow as tf


class Model(tf.keras.Model,
            metaclass=type):
    @tf.function(
        autograph=False)
    def call(self, x=tf.zeros([2,
                               3]), *, y=lambda: 1):
        with tf.name_scope("a"), \\
                tf.device("/cpu:0") as d:
            for i in tf.range(
                    3):
                if tf.equal(i, 0):
                    pass
                elif tf.equal(i,
                              1):
                    pass
                elif i: pass
                else:
                    while tf.less(i, 2):
                        break
                    else:
                        pass
        return x

    async def run(self):
        async with tf.name_scope("b") as s:
            async for j in s: pass


if __name__ == "__main__":
    for k in [1,
              2]:
        with open("f") as h: pass
'''


def test_compound_statement_headers():
    assert _check(HEADERS) > 80


# Expressions are found by their own text when it occurs once in their statement's lines
# (ScopeModule._searched); repeated texts, parentheses, strings that hold the same text and
# other line endings fall back to a layout.  Both must agree with the whole-file layout.
REPEATS = '''import tensorflow as tf
x = tf.placeholder(tf.float32, [None, 3])  # tf.placeholder again in a comment
y = x + x * (x)
s = "x + x"; t = [x,
     x, (x)]
z = tf.reshape(x,
               [-1, 3]) if x is not None else tf.reshape(x, [-1])
'''


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_expressions_found_by_their_text(newline: str):
    assert _check(REPEATS.replace("\n", newline)) > 40


def _lines_and_nodes(module: cst.Module):
    """Every statement line with the nodes inside it."""
    found = []
    stack = list(module.body)
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleStatementLine):
            inner, walk = [], [node]
            while walk:
                current = walk.pop()
                inner.append(current)
                walk.extend(child_nodes(current))
            found.append((node, inner))
        else:
            stack.extend(child_nodes(node))
    return found


@pytest.mark.parametrize("text", [TRICKY, HEADERS, REPEATS], ids=["tricky", "headers", "repeats"])
def test_hinted_statement_lines(text: str):
    """A hint (the line the interpreter ran when it reported) gives the same positions when
    it is right, and is ignored when it is wrong (a deferred check reports from a later line)."""
    module = cst.parse_module(text)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    lines = _lines_and_nodes(module)
    checked = 0
    for index, (line, nodes) in enumerate(lines):
        wrong = lines[index - 1][0]
        for node in nodes:
            want = expected[node]
            for hint in (line, wrong):
                scope = ModuleScope("m.py", None, text, module, tree=ast.parse(text))
                scope.hint(node, hint)
                assert scope.position(node) == (want.start.line, want.start.column + 1, want.end.line,
                                                want.end.column + 1), cst.Module([]).code_for_node(node)
                # a wrong hint: the node was found by its text, the only one in the file, or the tree was walked
                assert hint is line or scope._statement_of is not None \
                    or text.count(cst.Module([]).code_for_node(node)) == 1
                checked += 1
    assert checked > 50


def test_a_statement_line_is_placed_without_laying_out_its_function():
    """A node in a statement line inside a function needs that line alone (found by its
    text, else laid out by itself), never a layout of the whole top-level function."""
    text = "import tensorflow as tf\n\n\ndef build(x):\n    y = tf.placeholder(tf.float32)\n    return x + y + y\n"
    module = cst.parse_module(text)
    for hinted in (False, True):
        scope = ModuleScope("m.py", None, text, module, tree=ast.parse(text))
        for line, nodes in _lines_and_nodes(module):
            for node in nodes:
                if hinted:
                    scope.hint(node, line)
                scope.position(node)
        assert scope._line_starts, "the statement lines' first lines were not read"
        assert all(key < 0 for key in scope._statement_positions), "a top-level statement was laid out"


def test_a_node_whose_text_is_unique_needs_no_walk_of_the_tree():
    """A site reported from another line (an activation called by the layer's line) is found
    by its text when that text occurs once in the file."""
    text = "import tensorflow as tf\n\nact = tf.nn.relu6\n\n\ndef f(x):\n    return act(x)\n"
    module = cst.parse_module(text)
    node = module.body[1].body[0].value  # tf.nn.relu6
    scope = ModuleScope("m.py", None, text, module, tree=ast.parse(text))
    scope.hint(node, module.body[2].body.body[0])  # the line that called it
    assert scope.position(node) == (3, 7, 3, 18)
    assert scope._statement_of is None


WITH_HEADERS = '''import tensorflow as tf


def main():
    x = tf.placeholder(tf.float32, [None, 3])
    with tf.Session() as sess, tf.device("/cpu:0"):
        with tf.name_scope("a"):
            sess.run(x)
    with tf.Session() as sess:
        pass


main()
'''


def test_a_with_header_node_is_placed_from_its_statement_alone():
    """A node of a ``with`` header has no statement line; the interpreter names the ``with``
    it was evaluating (``hint_header``), and the node is placed from a layout of that header
    with its body stubbed out: the same position as libcst's, with no walk of the tree.  A
    wrong statement is ignored (the node is not in its layout)."""
    module = cst.parse_module(WITH_HEADERS)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    withs: list[cst.With] = []
    stack: list = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.With):
            withs.append(node)
        stack.extend(child_nodes(node))
    assert len(withs) == 3
    checked = 0
    for statement in withs:
        for item in statement.items:
            for node in (item.item, item.item.func):  # the call, and its callee
                want = expected[node]
                for hint in (statement, *(w for w in withs if w is not statement)):
                    scope = ModuleScope("m.py", None, WITH_HEADERS, module, tree=ast.parse(WITH_HEADERS))
                    scope.hint_header(node, hint)
                    assert scope.position(node) == (want.start.line, want.start.column + 1, want.end.line,
                                                    want.end.column + 1)
                    if hint is statement:
                        assert scope._statement_of is None, "the whole tree was walked"
                    checked += 1
    assert checked == 4 * 2 * 3  # four items, two nodes each, three statements named


def test_the_interpreter_names_the_with_it_evaluates(monkeypatch):
    """Sites made while a ``with``'s items run, inside a function called from a statement
    line, are hinted with the ``with``, not with the calling line: ``tf.Session`` in the
    header is placed without a walk of the whole tree."""
    from shapetracer.engine import Options, check_source
    walks = []
    walk = ModuleScope._first_lines
    monkeypatch.setattr(ModuleScope, "_first_lines", lambda self: walks.append(self) or walk(self))
    text = WITH_HEADERS.replace("sess.run(x)", "sess.run(x, feed_dict={x: [[1, 2]]})")
    from shapetracer.domain.target import target_for
    # pinned: unpinned, the TF 1 names would make the code's own version (1.15) the target
    result = check_source(text.encode(), "m.py", options=Options(generic=False, target=target_for("2.21")))
    assert [(f.code, f.line, f.column, f.end_line, f.end_column) for f in result.findings] == [
        ("ST401", 5, 9, 5, 23), ("ST401", 6, 10, 6, 20), ("ST105", 8, 13, 8, 49), ("ST401", 9, 10, 9, 20)]
    assert walks == []
