"""GitHub Actions workflow annotations (``::error file=…::message``)."""

from __future__ import annotations

from typing import Iterable

from shapetracer.rules.findings import Finding
from shapetracer.report.text import place

_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(findings: Iterable[Finding]) -> str:
    lines = []
    for f in findings:
        # a notebook's lines count within a cell, not in the .ipynb GitHub shows: the
        # annotation is on the file, and the message names cell and line
        position = [] if f.cell is not None else [
            f"line={f.line}", f"col={f.column}", f"endLine={max(f.end_line, f.line)}", f"endColumn={f.end_column}"]
        properties = ",".join([
            f"file={_escape_property(f.path)}", *position,
            f"title={_escape_property(f'shapetracer ({f.code} {f.name})')}",
        ])
        # in a notebook the line is within the cell, so the message names the cell
        message = f"{place(f.path, f.cell, f.line)}:{f.column}: {f.code} {f.message}"
        for related in f.related:
            message += f"\n  {place(related.path, related.cell, related.line)}: {related.message}"
        lines.append(f"::{_COMMAND.get(f.severity, 'warning')} {properties}::{_escape_data(message)}")
    return "".join(line + "\n" for line in lines)
