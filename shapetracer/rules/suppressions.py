"""Suppression comments: flake8's ``# noqa``, our ``# shapetracer: ignore[...]``, file level.

- ``x = f()  # noqa`` silences every finding on the line; ``# noqa: ST101,ST105`` those codes.
- ``# shapetracer: ignore[matmul-dim-mismatch]`` (codes or names) on the line, or alone
  on the line above, silences those; ``# shapetracer: ignore`` silences all.
- ``# shapetracer: noqa`` alone on a line silences the whole file.
- A suppression of ours that silences nothing is itself reported (ST904), as ruff's
  RUF100 and mypy's unused-ignore do.  A ``noqa`` naming only other tools' codes is
  left alone: it belongs to them.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

from shapetracer.rules import codes
from shapetracer.rules.findings import Finding
from shapetracer.rules.codes import lookup

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_IGNORE = re.compile(r"#\s*shapetracer:\s*ignore(?:\[(?P<names>[^\]]*)\])?")
_FILE = re.compile(r"^\s*#\s*shapetracer:\s*noqa\b")


@dataclass
class Suppression:
    line: int  # the line it applies to
    comment_line: int
    codes: frozenset[str] | None  # None: every code
    ours: bool  # names at least one ST code, or is our own syntax
    used: bool = False


@dataclass
class Suppressions:
    by_line: dict[int, list[Suppression]] = field(default_factory=dict)
    whole_file: bool = False

    def silences(self, finding: Finding) -> bool:
        if self.whole_file:
            return True
        hit = False
        for suppression in self.by_line.get(finding.line, []):
            if suppression.codes is None or finding.code in suppression.codes:
                suppression.used = True
                hit = True
        return hit

    def unused(self) -> list[Suppression]:
        return [s for entries in self.by_line.values() for s in entries if s.ours and not s.used]


def parse_suppressions(text: str) -> Suppressions:
    """Read the comments of a file (tokenized, so strings never count)."""
    result = Suppressions()
    if "noqa" not in text.lower() and "shapetracer:" not in text:
        return result
    lines = text.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return result
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        line = token.start[0]
        comment = token.string
        alone = lines[line - 1].strip().startswith("#") if line <= len(lines) else False
        if alone and _FILE.match(comment):
            result.whole_file = True
            continue
        ignore = _IGNORE.search(comment)
        if ignore is not None:
            target = _next_code_line(lines, line) if alone else line
            result.by_line.setdefault(target, []).append(
                Suppression(target, line, _resolve(ignore.group("names")), True))
            continue
        noqa = _NOQA.search(comment)
        if noqa is not None and not alone:
            raw = noqa.group("codes")
            codes = frozenset(c.upper() for c in re.split(r"[,\s]+", raw) if c) if raw else None
            ours = codes is not None and any(c.startswith("ST") for c in codes)
            result.by_line.setdefault(line, []).append(Suppression(line, line, codes, ours))
    return result


def _resolve(names: str | None) -> frozenset[str] | None:
    if names is None or not names.strip():
        return None
    codes = set()
    for name in names.split(","):
        rule = lookup(name.strip())
        codes.add(rule.code if rule else name.strip().upper())
    return frozenset(codes)


def _next_code_line(lines: list[str], line: int) -> int:
    for number in range(line + 1, len(lines) + 1):
        stripped = lines[number - 1].strip()
        if stripped and not stripped.startswith("#"):
            return number
    return line


def apply(findings: list[Finding], text: str, path: str, report_unused: bool) -> list[Finding]:
    """Drop suppressed findings; add ST904 for suppressions of ours that silenced nothing."""
    suppressions = parse_suppressions(text)
    if not suppressions.by_line and not suppressions.whole_file:
        return findings
    kept = [f for f in findings if not suppressions.silences(f)]
    if report_unused and not suppressions.whole_file:
        lines = text.splitlines()
        for unused in suppressions.unused():
            source = lines[unused.comment_line - 1] if unused.comment_line <= len(lines) else ""
            column = source.find("#") + 1 or 1
            kept.append(Finding(codes.UNUSED_SUPPRESSION, "suppression comment silences no finding", path, unused.comment_line,
                                column, unused.comment_line, len(source) + 1, snippet=source.strip()))
    return kept
