"""Findings and shapes as LSP values: diagnostics, hover text, noqa and fix edits.

Findings count lines from 1 and columns from 1 in code points; LSP counts both
from 0 and columns in the client's units (UTF-16 unless negotiated), so every
range passes through pygls' position codec with the line's text.  In a notebook
a finding's ``cell`` picks the cell document and its line is already within it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from lsprotocol import types

from shapetracer.rules.findings import Finding
from shapetracer.engine import FileResult, Options
from shapetracer.lsp.documents import Snapshot

SOURCE = "shapetracer"
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "info": types.DiagnosticSeverity.Information}
_NOQA_CODES = re.compile(r"#\s*noqa:\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*", re.IGNORECASE)
_BARE_NOQA = re.compile(r"#\s*noqa(?!:)\b", re.IGNORECASE)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

Lines = Callable[[str], list[str]]  # a document's lines, by URI
Codec = Callable[[list[str], types.Range], types.Range]  # code points -> client units


@dataclass
class Analysis:
    snapshot: Snapshot
    result: FileResult
    options: Options | None = None  # as the engine ran: fixes are verified under the same
    fixes: dict = field(default_factory=dict)  # finding -> its verified fixes, computed on first ask
    # findings sited in another file that this one takes part in (a related line is here)
    elsewhere: list[Finding] = field(default_factory=list)
    # whether the result holds the shape and expression logs hovers and fixes read (a pass
    # made while typing leaves them to a later one: ``projects.Warm``)
    shapes: bool = True

    def uri_of(self, cell: int | None) -> str:
        uris = self.snapshot.cell_uris
        if not uris:
            return self.snapshot.key
        return uris[cell - 1] if cell is not None and 0 < cell <= len(uris) else uris[0]

    def cell_of(self, uri: str) -> int | None:
        uris = self.snapshot.cell_uris
        return uris.index(uri) + 1 if uris and uri in uris else None

    def own(self) -> list[Finding]:
        return [f for f in self.result.findings if f.path == self.snapshot.display_path]


def span(line: int, column: int, end_line: int, end_column: int) -> types.Range:
    """A 1-based, end-exclusive code-point span as an LSP range (still in code points)."""
    end_line, end_column = max(end_line, line), end_column if end_line >= line else column + 1
    if (end_line, end_column) <= (line, column):
        end_column = column + 1
    return types.Range(types.Position(line - 1, max(column - 1, 0)),
                       types.Position(end_line - 1, max(end_column - 1, 0)))


def diagnostics(analysis: Analysis, lines: Lines, codec: Codec) -> dict[str, list[types.Diagnostic]]:
    """Every document of the analysis (each cell of a notebook) with its diagnostics, empty ones
    included so that fixed problems disappear."""
    out: dict[str, list[types.Diagnostic]] = {uri: [] for uri in (analysis.snapshot.cell_uris or ())}
    out.setdefault(analysis.snapshot.key if not analysis.snapshot.cell_uris else analysis.uri_of(None), [])
    for finding in analysis.own():
        uri = analysis.uri_of(finding.cell)
        related = [types.DiagnosticRelatedInformation(_location(analysis, r.path, r.cell, r.line, r.column, lines,
                                                                codec), r.message) for r in finding.related]
        out.setdefault(uri, []).append(types.Diagnostic(
            range=codec(lines(uri), span(finding.line, finding.column, finding.end_line, finding.end_column)),
            message=f"{finding.message} [{finding.name}]", severity=_SEVERITY.get(finding.severity),
            code=finding.code, source=SOURCE, related_information=related or None, data=diagnostic_data(finding)))
    for finding in analysis.elsewhere:
        out.setdefault(analysis.snapshot.key, []).append(_elsewhere_diagnostic(analysis, finding, lines, codec))
    return out


def _elsewhere_diagnostic(analysis: Analysis, finding: Finding, lines: Lines, codec: Codec) -> types.Diagnostic:
    """A finding sited in another file, shown at its first related line in this one: the
    message says where the site is, the related information leads there first."""
    here = analysis.snapshot.display_path
    step = next(r for r in finding.related if r.path == here)
    uri = analysis.snapshot.key
    site = types.DiagnosticRelatedInformation(
        _location(analysis, finding.path, finding.cell, finding.line, finding.column, lines, codec),
        f"{finding.code} {finding.message}")
    related = [site] + [types.DiagnosticRelatedInformation(
        _location(analysis, r.path, r.cell, r.line, r.column, lines, codec), r.message)
        for r in finding.related if r is not step]
    data = diagnostic_data(finding)
    data["site"] = {"path": finding.path, "line": finding.line, "column": finding.column}
    text = lines(uri)
    end = len(text[step.line - 1].rstrip()) + 1 if step.line <= len(text) else step.column + 1
    return types.Diagnostic(
        range=codec(text, span(step.line, step.column, step.line, max(end, step.column + 1))),
        message=f"{finding.path}:{finding.line}: {finding.message} ({step.message}) [{finding.name}]",
        severity=_SEVERITY.get(finding.severity), code=finding.code, source=SOURCE,
        related_information=related, data=data)


def diagnostic_data(finding: Finding) -> dict:
    """What a client may keep with a diagnostic: the finding's facts (``args``, as in the JSON
    output), so that an editor extension reads them rather than the words; ``fix`` when the
    finding came with one."""
    data: dict = {"args": finding.args_json()}
    if finding.fix is not None:
        data["fix"] = True
    return data


def _location(analysis: Analysis, path: str, cell: int | None, line: int, column: int, lines: Lines,
              codec: Codec) -> types.Location:
    if path == analysis.snapshot.display_path:
        uri = analysis.uri_of(cell)
        return types.Location(uri, codec(lines(uri), span(line, column, line, column + 1)))
    return types.Location(Path(path).resolve().as_uri(), span(line, column, line, column + 1))


def finding_at(analysis: Analysis, uri: str, line: int, column: int) -> Finding | None:
    """The finding whose range holds (line, column), 1-based code points within ``uri``."""
    cell = analysis.cell_of(uri)
    for finding in analysis.own():
        if finding.cell != cell or not finding.line <= line <= max(finding.end_line, finding.line):
            continue
        starts = (line, column) >= (finding.line, finding.column)
        ends = (line, column) < (finding.end_line, finding.end_column) or finding.end_line < finding.line
        if starts and ends:
            return finding
    return None


def describe_finding(finding: Finding) -> str:
    lines = [f"**{finding.code}** {finding.message} `[{finding.name}]`"]
    for related in finding.related:
        where = f"cell {related.cell}, line {related.line}" if related.cell else f"line {related.line}"
        if related.path != finding.path:
            where = f"{related.path}, {where}"
        lines.append(f"- {where}: {related.message}" + (f" — `{related.snippet.strip()}`" if related.snippet else ""))
    return "\n".join(lines)


def name_at(text: str, column: int) -> tuple[str, int, int] | None:
    """The identifier covering 1-based ``column`` of ``text``: (name, start, end) 1-based, end exclusive."""
    for match in _IDENTIFIER.finditer(text):
        if match.start() + 1 <= column <= match.end() + 1:  # a cursor just after the name counts
            return match.group(), match.start() + 1, match.end() + 1
    return None


def noqa_edit(text: str, code: str) -> tuple[int, int, str] | None:
    """How to add ``# noqa: code`` to a line: (start, end, new text), 1-based code-point
    columns, or None when the line already silences it."""
    if _BARE_NOQA.search(text):
        return None
    existing = _NOQA_CODES.search(text)
    if existing:
        if code.upper() in re.split(r"[,\s:]+", existing.group().upper()):
            return None
        return existing.end() + 1, existing.end() + 1, f", {code}"
    body = text.rstrip()
    return len(body) + 1, len(text) + 1, f"  # noqa: {code}"
