"""Machine format ``json``: one versioned document (schema in ``schemas/``)."""

from __future__ import annotations

import json
from typing import Iterable

from shapetracer import __version__
from shapetracer.domain.findings import Finding

SCHEMA_VERSION = 1


def document(findings: Iterable[Finding], files: int, stats: dict | None = None) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "shapetracer", "version": __version__},
        "files": files,
        "findings": [f.to_dict() for f in findings],
        **({"statistics": stats} if stats is not None else {}),
    }


def render(findings: Iterable[Finding], files: int, stats: dict | None = None) -> str:
    return json.dumps(document(findings, files, stats), indent=2) + "\n"
