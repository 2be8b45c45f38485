"""Human formats: ``full`` (finding, source line, caret, related lines) and ``concise``."""

from __future__ import annotations

from typing import Iterable

from shapetracer.domain.findings import Finding


def concise(findings: Iterable[Finding]) -> str:
    return "".join(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message} [{f.name}]\n" for f in findings)


def full(findings: Iterable[Finding]) -> str:
    out: list[str] = []
    for finding in findings:
        out.append(f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message} "
                   f"[{finding.name}]")
        if finding.snippet:
            out.append(f"  {finding.line:>4} | {finding.snippet}")
        for related in finding.related:
            location = f"{related.path}:{related.line}:"
            code = f" {related.snippet}" if related.snippet else ""
            out.append(f"  {location}{code}   {related.message}".rstrip())
    return "\n".join(out) + ("\n" if out else "")
