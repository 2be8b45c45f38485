"""SARIF 2.1.0, as GitHub code scanning reads it.

Each result carries its rule id, level, a repo-relative location with a full
region, the other lines of the conflict as ``relatedLocations``, a
``partialFingerprints`` entry so alerts survive unrelated edits, and the typed facts
its message is rendered from as ``properties.args`` (as the JSON output's ``args``).
"""

from __future__ import annotations

import json
from typing import Iterable

from shapetracer import __version__
from shapetracer.report.baseline import fingerprint
from shapetracer.rules.findings import Finding
from shapetracer.rules.codes import RULES

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _uri(path: str) -> str:
    return path.replace("\\", "/")


def _cell(cell: int | None) -> dict:
    """A notebook's region: lines are within the cell, the cell is a region property."""
    return {"properties": {"cell": cell}} if cell is not None else {}


def _rule(rule) -> dict:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.summary},
        "help": {"text": f"{rule.summary} Run `shapetracer explain {rule.code}` for examples."},
        "defaultConfiguration": {"level": _LEVEL[rule.severity], "enabled": rule.enabled_by_default},
        "properties": {"tags": sorted({rule.family, rule.category})},
    }


def _result(finding: Finding, sources: dict[str, str] | None) -> dict:
    result = {
        "ruleId": finding.code,
        "level": _LEVEL.get(finding.severity, "warning"),
        "message": {"text": finding.message},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": {"uri": _uri(finding.path)},
                "region": {"startLine": finding.line, "startColumn": finding.column,
                           "endLine": max(finding.end_line, finding.line),
                           "endColumn": max(finding.end_column, 1), **_cell(finding.cell)},
            }
        }],
        "partialFingerprints": {"primaryLocationLineHash": fingerprint(finding, finding.snippet, 0)},
        # the facts the message is rendered from (Finding.args), for tools that act on them
        "properties": {"name": finding.name, "confidence": finding.confidence, "category": finding.category,
                       "args": finding.args_json()},
    }
    if finding.related:
        result["relatedLocations"] = [
            {
                "id": index,
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(related.path)},
                    "region": {"startLine": related.line, "startColumn": max(related.column, 1),
                               **_cell(related.cell)},
                },
                "message": {"text": related.message},
            }
            for index, related in enumerate(finding.related, 1)
        ]
    if finding.fixes:
        result["fixes"] = [_fix(fix) for fix in finding.fixes]
    return result


def _fix(fix) -> dict:
    """A verified fix as a SARIF ``fix``: its edits grouped by file as replacements."""
    changes: dict[str, list[dict]] = {}
    for edit in fix.edits:
        changes.setdefault(edit.path, []).append({
            "deletedRegion": {"startLine": edit.line, "startColumn": edit.column,
                              "endLine": edit.end_line, "endColumn": edit.end_column},
            "insertedContent": {"text": edit.new_text},
        })
    return {"description": {"text": f"{fix.message} ({fix.applicability})"},
            "artifactChanges": [{"artifactLocation": {"uri": _uri(path)}, "replacements": replacements}
                                for path, replacements in changes.items()]}


def document(findings: Iterable[Finding]) -> dict:
    findings = list(findings)
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "shapetracer",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": "https://pypi.org/project/shapetracer/",
                "rules": [_rule(rule) for rule in RULES.values()],
            }},
            "columnKind": "unicodeCodePoints",
            "results": [_result(f, None) for f in findings],
        }],
    }


def render(findings: Iterable[Finding]) -> str:
    return json.dumps(document(findings), indent=2) + "\n"
