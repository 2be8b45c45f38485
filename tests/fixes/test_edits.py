"""Edits: applied in any order, lines mapped across them, ranked in tokens, and the
verdict that decides whether a fix is offered."""

from __future__ import annotations

from shapetracer.rules.findings import Edit, Finding, Fix
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source
from shapetracer.fixes.edits import apply, line_map, size, unified_diff
from shapetracer.fixes.verify import verdict

TEXT = "a = 1\nb = [2, 3]\nc = a + b\n"
OPTIONS = Options(generic=False, target=target_for("2.21", source="test"))


def test_edits_apply_in_any_order_and_insert():
    edits = [Edit("f.py", 3, 5, 3, 6, "b"), Edit("f.py", 1, 5, 1, 6, "10"), Edit("f.py", 2, 1, 2, 1, "# x\n")]
    assert apply(TEXT, edits) == "a = 10\n# x\nb = [2, 3]\nc = b + b\n"
    assert apply(TEXT, list(reversed(edits))) == apply(TEXT, edits)


def test_lines_after_an_inserted_line_move_down():
    mapped = line_map([Edit("f.py", 2, 1, 2, 1, "# x\n")])
    assert [mapped(n) for n in (1, 2, 3)] == [1, 3, 4]


def test_size_counts_tokens_not_characters():
    assert size([Edit("f.py", 1, 5, 1, 6, "10")], TEXT) == 2  # "1" -> "10"
    assert size([Edit("f.py", 3, 5, 3, 6, "a_much_longer_name")], TEXT) == 2


def test_unified_diff_names_both_sides():
    diff = unified_diff(TEXT, apply(TEXT, [Edit("f.py", 1, 5, 1, 6, "10")]), "f.py")
    assert diff.startswith("--- a/f.py\n+++ b/f.py\n") and "-a = 1\n+a = 10\n" in diff


def test_a_fix_that_leaves_the_finding_or_adds_one_is_refused():
    source = ("import tensorflow as tf\n"
              "x = tf.zeros([4, 784])\n"
              "w = tf.zeros([748, 10])\n"
              "y = tf.matmul(x, w)\n"
              "z = tf.matmul(y, tf.zeros([10, 2]))\n")
    before = check_source(source.encode(), "f.py", None, OPTIONS)
    finding = next(f for f in before.findings if f.code == "ST101")
    good = Fix((Edit("f.py", 3, 15, 3, 18, "784"),), "unsafe", "good")
    same = Fix((Edit("f.py", 3, 20, 3, 22, "11"),), "unsafe", "does not touch the conflict")
    worse = Fix((Edit("f.py", 3, 15, 3, 22, "784, 3"),), "unsafe", "moves the error to line 5")
    assert verdict(good, finding, before.findings, source, "f.py", None, OPTIONS) is not None
    assert verdict(same, finding, before.findings, source, "f.py", None, OPTIONS) is None
    assert verdict(worse, finding, before.findings, source, "f.py", None, OPTIONS) is None


def test_a_finding_serialises_its_fix():
    fix = Fix((Edit("f.py", 1, 5, 1, 6, "10"),), "safe", "Set 1 to 10")
    finding = Finding("ST101", "m", "f.py", 1, 1, 1, 2, fixes=(fix,))
    assert finding.fix is fix and finding.to_dict()["fix"] == {
        "applicability": "safe", "message": "Set 1 to 10",
        "edits": [{"path": "f.py", "line": 1, "column": 5, "end_line": 1, "end_column": 6, "new_text": "10"}]}
    assert "fix" not in Finding("ST101", "m", "f.py", 1, 1, 1, 2).to_dict()
