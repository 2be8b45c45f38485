"""Human formats: ``full`` (finding, source line, caret, related lines) and ``concise``."""

from __future__ import annotations

from typing import Iterable

from shapetracer.rules.findings import Finding


def place(path: str, cell: int | None, line: int) -> str:
    """``path:line`` or, in a notebook, ``path:cell N:line`` (the line within cell N)."""
    return f"{path}:cell {cell}:{line}" if cell is not None else f"{path}:{line}"


def concise(findings: Iterable[Finding]) -> str:
    return "".join(f"{place(f.path, f.cell, f.line)}:{f.column}: {f.code} {f.message} [{f.name}]\n"
                   for f in findings)


def full(findings: Iterable[Finding]) -> str:
    out: list[str] = []
    for finding in findings:
        where = place(finding.path, finding.cell, finding.line)
        out.append(f"{where}:{finding.column}: {finding.code} {finding.message} [{finding.name}]")
        if finding.snippet:
            out.append(f"  {finding.line:>4} | {finding.snippet}")
        for related in finding.related:
            location = f"{place(related.path, related.cell, related.line)}:"
            code = f" {related.snippet}" if related.snippet else ""
            out.append(f"  {location}{code}   {related.message}".rstrip())
        for index, fix in enumerate(finding.fixes):  # verified fixes, when they were asked for
            out.append(f"  {'fix' if index == 0 else 'alternative'} ({fix.applicability}): {fix.message}")
    return "\n".join(out) + ("\n" if out else "")
