"""GitHub Actions workflow annotations (``::error file=…::message``)."""

from __future__ import annotations

from typing import Iterable

from shapetracer.domain.findings import Finding

_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(findings: Iterable[Finding]) -> str:
    lines = []
    for f in findings:
        properties = ",".join([
            f"file={_escape_property(f.path)}", f"line={f.line}", f"col={f.column}",
            f"endLine={max(f.end_line, f.line)}", f"endColumn={f.end_column}",
            f"title={_escape_property(f'shapetracer ({f.code} {f.name})')}",
        ])
        message = f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}"
        for related in f.related:
            message += f"\n  {related.path}:{related.line}: {related.message}"
        lines.append(f"::{_COMMAND.get(f.severity, 'warning')} {properties}::{_escape_data(message)}")
    return "".join(line + "\n" for line in lines)
