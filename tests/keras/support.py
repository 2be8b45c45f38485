"""Helpers for the Keras program tests: a program marks its failing line with ``# <- ST1xx``."""

from __future__ import annotations

import re
import textwrap

from tests.helpers import findings_of

MARK = re.compile(r"#\s*<-\s*(ST\d{3})")


def expected(source: str) -> list[tuple[int, str]]:
    lines = textwrap.dedent(source).splitlines()
    return [(number, match.group(1)) for number, line in enumerate(lines, 1) if (match := MARK.search(line))]


def shape_codes(source: str) -> list[tuple[int, str]]:
    """(line, code) of every shape error and warning the analyzer reports."""
    return [(f.line, f.code) for f in findings_of(source) if f.code.startswith(("ST1", "ST2"))]


def messages(source: str) -> list[str]:
    return [f.message for f in findings_of(source) if f.code.startswith("ST1")]


def assert_reports_marked(source: str) -> None:
    """The analyzer reports exactly the marked lines (none when nothing is marked)."""
    assert shape_codes(source) == expected(source)


def fixed(source: str, old: str, new: str) -> str:
    """The fixed twin: one edit, markers dropped."""
    assert old in source, old
    return MARK.sub("", source.replace(old, new, 1))
