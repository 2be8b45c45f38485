"""One finding per problem when pyflakes and pylint (or pylint twice) report it."""

from __future__ import annotations

from shapetracer.generic import dedupe
from shapetracer.generic.mapping import tool_message
from shapetracer.rules.findings import Finding
from tests.generic.flakes import flakes, tool_ids


def test_both_tools_one_finding_with_both_ids():
    [finding] = flakes("print(undefined_thing)\n", "ST301")
    assert tool_ids(finding) == {"UndefinedName", "E0602"}
    assert finding.message == ("undefined name 'undefined_thing' "
                               "[pyflakes UndefinedName, pylint E0602 undefined-variable]")


def test_different_codes_same_category_merge_under_pyflakes_code():
    [finding] = flakes("def f():\n    print(y)\n    y = 1\n", "ST301")
    assert tool_ids(finding) == {"UndefinedName", "E0601"}


def test_two_names_on_one_line_stay_two_findings():
    found = flakes("z = first_missing + second_missing\n", "ST301", "ST301")
    assert all(tool_ids(f) == {"UndefinedName", "E0602"} for f in found)


def test_pylint_reporting_one_attribute_on_two_modules_is_one_finding():
    [finding] = flakes("import os\nos.path.joinx('a')\n", "ST303")  # ntpath and posixpath
    assert tool_ids(finding) == {"E1101"}


def test_different_pylint_messages_on_one_call_stay_apart():
    found = flakes("def f(a):\n    return a\nf(b=1)\n", "ST304", "ST304")
    assert {next(iter(tool_ids(f))) for f in found} == {"E1120", "E1123"}


def test_syntax_error_is_reported_once():
    [finding] = flakes("def f(:\n    pass\n", "ST001")
    assert tool_ids(finding) == {"syntax-error", "E0001"}


def test_format_messages_merge():
    [finding] = flakes("'%s %s' % (1,)\n", "ST320")
    assert tool_ids(finding) == {"PercentFormatPositionalCountMismatch", "E1306"}


def _finding(code: str, line: int, column: int, message: str, tool: str, tool_id: str) -> Finding:
    return Finding.of(code, tool_message(message, tool, tool_id, f"{tool} {tool_id}"), "a.py", line, column, line,
                      column + 1)


def test_dedupe_unit():
    a = _finding("ST301", 3, 5, "undefined name 'x'", "pyflakes", "UndefinedName")
    b = _finding("ST301", 3, 5, "Undefined variable 'x'", "pylint", "E0602")
    c = _finding("ST301", 4, 5, "Undefined variable 'x'", "pylint", "E0602")
    d = _finding("ST303", 3, 5, "Instance of 'A' has no 'x' member", "pylint", "E1101")
    merged = dedupe([b, c, a, d])
    assert [(f.line, f.code) for f in merged] == [(3, "ST301"), (3, "ST303"), (4, "ST301")]
    assert merged[0].message == "undefined name 'x' [pyflakes UndefinedName, pylint E0602]"


def test_dedupe_keeps_a_definite_confidence():
    a = _finding("ST302", 2, 1, "Possibly using variable 'y' before assignment", "pylint", "E0606")
    a = Finding(**{**a.__dict__, "confidence": "possible", "severity_override": "warning"})
    b = _finding("ST302", 2, 1, "local variable 'y' referenced before assignment", "pyflakes",
                 "UndefinedLocal")
    [merged] = dedupe([a, b])
    assert merged.confidence == "definite" and merged.severity == "error"
