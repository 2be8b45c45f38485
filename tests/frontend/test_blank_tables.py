"""Large literal tables (of an imported module, or of a checked file when no fix is wanted) are
read by CPython's parser, with the analysis unchanged: the same findings, messages and positions
as when libcst parses every number."""

from __future__ import annotations

import ast
import doctest
import uuid

import libcst as cst
import pytest

from shapetracer.engine import Options, check_file
from shapetracer.frontend import blank_tables, source

ROWS = [[(row * 7 + col) % 5 - 2 for col in range(60)] for row in range(50)]  # 3,050 nodes
TABLE = "[" + ",\n        ".join(str(row) for row in ROWS) + "]"


def _helper(marker: str) -> str:
    return (f"# {marker}\nimport tensorflow as tf\n\n\ndef digits():\n"
            f"    table = tf.constant({TABLE}, dtype=tf.float32)  # the images\n"
            f"    return table\n\n\ndef scale():\n    return (0.5, {', '.join(['1.0'] * 2500)})\n")


SCRIPT = ("import sys\nimport numpy as np\nimport tensorflow as tf\nfrom helpers import digits, scale\n\n"
          "if sys.argv[1:]:\n    z = np.zeros((len(scale()), 2)).reshape(7)\n"
          "else:\n    y = tf.matmul(digits(), tf.zeros([50, 3]))\n")


def test_the_module_examples_hold():
    assert doctest.testmod(blank_tables).failed == 0


def test_a_blanked_text_keeps_every_line_and_column():
    text = _helper("m")
    blanked, tables = blank_tables.blank(text, ast.parse(text))
    assert len(tables) == 2  # the table and the 2,501-number tuple
    assert [len(line) for line in blanked.splitlines()] == [len(line) for line in text.splitlines()]
    module = cst.parse_module(blanked)
    strings = [node.value for node in _nodes(module, cst.SimpleString)]
    assert sorted(strings) == sorted(tables)
    values = [_plain(table.tree) for table in tables.values()]
    assert ast.literal_eval(TABLE) in values and (0.5, *[1.0] * 2500) in values  # what Python reads


@pytest.mark.parametrize("text", [
    "t = [" + ", ".join(["'a'"] * 3000) + "]\n",  # strings: their libcst value depends on how they are written
    "t = [" + ", ".join(["True"] * 3000) + "]\n",  # names
    "t = [" + ", ".join(["1"] * 3000) + ", *rest]\n",  # a starred element
    "t = [" + ", ".join(["1j"] * 3000) + "]\n",  # complex numbers
    "t = " + ", ".join(["1"] * 3000) + "\n",  # a bare tuple is not an atom
    "x[" + ", ".join(["1"] * 3000) + "]\n",  # nor is a subscript's
    "t = [\n" + ", ".join(["1"] * 3000) + "]\n",  # no room for the quotes and the marker on the first line
    "t = [" + ", ".join(["1"] * 3000) + "\n]\n",  # nor for the closing quotes on the last line
    "# <st-table-0>\nt = [" + ", ".join(["1"] * 3000) + "]\n",  # the marker is the file's own text
    "t = [" + ", ".join(["1"] * 3000) + "]\rs = 1\n",  # a lone carriage return ends a line for ast only
])
def test_what_is_not_blanked(text):
    assert blank_tables.blank(text, ast.parse(text)) == (text, {})


def test_a_line_with_wide_characters_before_the_table():
    text = "données = [" + ", ".join(["1"] * 3000) + "]  # é\n"
    blanked, tables = blank_tables.blank(text, ast.parse(text))
    assert blanked.startswith('données = """<st-table-0>') and blanked.endswith('"""  # é\n')
    assert len(blanked) == len(text)


def _project(tmp_path):
    marker = uuid.uuid4().hex  # a text no earlier test has parsed
    (tmp_path / "helpers.py").write_text(_helper(marker))
    (tmp_path / "train.py").write_text(SCRIPT)
    return marker


def _findings(result):
    return [(f.code, f.line, f.column, f.end_line, f.end_column, f.message,
             [(r.line, r.column, r.message) for r in f.related]) for f in result.findings]


def test_an_imported_table_gives_the_findings_of_its_numbers(tmp_path, monkeypatch):
    _project(tmp_path)
    options = Options(generic=False)
    blanked = _findings(check_file(tmp_path / "train.py", options))
    assert any(parsed.tables for parsed in source._PARSED.values())  # the import was blanked
    assert [finding[:2] for finding in blanked] == [("ST104", 7), ("ST101", 9)]
    assert "size 5002 " in blanked[0][5]
    assert "[50,60],[50,3]" in blanked[1][5].replace(" ", "")
    monkeypatch.setattr(blank_tables, "blank", lambda text, tree: (text, {}))
    monkeypatch.setattr(source, "_PARSED", type(source._PARSED)())
    assert _findings(check_file(tmp_path / "train.py", options)) == blanked


def test_a_tree_a_fix_may_render_is_never_blanked(tmp_path):
    _project(tmp_path)
    data = (tmp_path / "helpers.py").read_bytes()
    resolved = (tmp_path / "helpers.py").resolve()
    imported = source.parse_shared(resolved, data, blank=True)
    assert imported.tables and imported.module.code != imported.text
    checked = source.parse_shared(resolved, data, keep=True)
    assert checked.tables == {} and checked.module.code == checked.text  # a fix renders this tree
    assert source.parse_shared(resolved, data, blank=True) is checked  # an import may take either


def _table_script(tmp_path) -> None:
    table = "[" + ",\n    ".join(str(row) for row in ROWS + ROWS[:30]) + "]"  # 80 x 60: over MIN_TEXT
    (tmp_path / "digits.py").write_text(
        f"# {uuid.uuid4().hex}\nimport tensorflow as tf\n\nimages = tf.constant({table}, dtype=tf.float32)\n"
        "logits = tf.matmul(images, tf.zeros([50, 10]))  # 60 columns\n")


@pytest.mark.parametrize("keep_shapes", [False, True])
def test_a_checked_file_with_a_table_has_the_same_findings_blanked_or_not(tmp_path, keep_shapes):
    _table_script(tmp_path)
    result = check_file(tmp_path / "digits.py", Options(generic=False, keep_shapes=keep_shapes))
    assert [(f.code, f.line, f.column) for f in result.findings] == [("ST101", 84, 10)]
    assert "[80,60],[50,10]" in result.findings[0].message.replace(" ", "")


def test_a_checked_file_is_blanked_only_without_its_shapes(tmp_path, monkeypatch):
    _table_script(tmp_path)
    blanked = []
    real = blank_tables.blank

    def counting(text, tree):
        found = real(text, tree)
        blanked.append(bool(found[1]))
        return found

    monkeypatch.setattr(blank_tables, "blank", counting)
    check_file(tmp_path / "digits.py", Options(generic=False, keep_shapes=True))  # as with --fix
    assert blanked == []
    check_file(tmp_path / "digits.py", Options(generic=False, keep_shapes=False))
    assert blanked == [True]


def _nodes(module: cst.Module, kind: type) -> list:
    found = []

    class Collect(cst.CSTVisitor):
        def on_visit(self, node):
            if isinstance(node, kind):
                found.append(node)
            return True

    module.visit(Collect())
    return found


def _plain(tree):
    if isinstance(tree, tuple):
        kind, items = tree
        plain = [_plain(item) for item in items]
        return plain if kind == "list" else tuple(plain)
    return tree.value


def test_the_parser_knows_the_length_below_which_nothing_is_blanked():
    from shapetracer.frontend import source

    assert source._MIN_BLANKED_TEXT == blank_tables.MIN_TEXT
