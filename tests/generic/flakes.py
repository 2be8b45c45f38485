"""pyflakes-style helpers: ``flakes(source, *expected_codes)``."""

from __future__ import annotations

import textwrap

from shapetracer.generic import generic_findings
from shapetracer.rules.findings import Finding, tools_of


def findings(source: str, pylint: bool = True, path: str = "snippet.py") -> list[Finding]:
    return generic_findings(path, textwrap.dedent(source), with_pylint=pylint)


def flakes(source: str, *expected: str, pylint: bool = True) -> list[Finding]:
    """Check a dedented snippet; the sorted codes found must be exactly ``expected``."""
    found = findings(source, pylint=pylint)
    codes = sorted(f.code for f in found)
    assert codes == sorted(expected), "\n".join(f"{f.line}:{f.column} {f.code} {f.message}" for f in found)
    return found


def tool_ids(finding: Finding) -> set[str]:
    return set(tools_of(finding).values())
