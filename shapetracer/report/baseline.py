"""Baselines: accept today's findings, fail only on new ones.

A fingerprint is built from the relative path, the code, the finding's source
line with whitespace folded, and the occurrence index of that triple — never
the line number, so edits above a finding do not resurrect it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Iterable

from shapetracer.rules.findings import Finding

VERSION = 1


def fingerprint(finding: Finding, snippet: str, occurrence: int) -> str:
    normalised = " ".join(snippet.split())
    key = f"{finding.path}\0{finding.code}\0{normalised}\0{occurrence}"
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def fingerprints(findings: Iterable[Finding]) -> list[tuple[Finding, str]]:
    counts: dict[tuple, int] = {}
    result = []
    for finding in sorted(findings, key=Finding.sort_key):
        key = (finding.path, finding.code, " ".join(finding.snippet.split()))
        occurrence = counts.get(key, 0)
        counts[key] = occurrence + 1
        result.append((finding, fingerprint(finding, finding.snippet, occurrence)))
    return result


def write(path: Path, findings: Iterable[Finding]) -> int:
    entries = [{"path": f.path, "code": f.code, "fingerprint": fp} for f, fp in fingerprints(findings)]
    path.write_text(json.dumps({"version": VERSION, "findings": entries}, indent=2) + "\n")
    return len(entries)


def load(path: Path) -> set[str]:
    data = json.loads(path.read_text())
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError(f"{path}: not a shapetracer baseline (version {VERSION})")
    return {entry["fingerprint"] for entry in data.get("findings", [])}


def filter_new(findings: Iterable[Finding], known: set[str]) -> list[Finding]:
    return [f for f, fp in fingerprints(findings) if fp not in known]
