"""Machine format ``json``: one versioned document (schema in ``schemas/``).

Schema version 2 added each finding's ``args``: the typed facts its message is rendered
from (``rules.facts`` names them all; ``args_schema`` is that part of the schema)."""

from __future__ import annotations

import json
from typing import Iterable

from shapetracer import __version__
from shapetracer.rules.facts import FACTS
from shapetracer.rules.findings import Finding
from shapetracer.domain.target import Target

SCHEMA_VERSION = 2


def document(findings: Iterable[Finding], files: int, stats: dict | None = None,
             targets: Iterable[tuple[str, Target]] | None = None) -> dict:
    """``targets``: (path, target) of each file checked; optional in schema version 1."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "shapetracer", "version": __version__},
        "files": files,
        "findings": [f.to_dict() for f in findings],
        **({"statistics": stats} if stats is not None else {}),
        **({"targets": [target_dict(path, target) for path, target in targets]} if targets is not None else {}),
    }


def target_dict(path: str | None, target: Target) -> dict:
    """Which TensorFlow (and Keras) a file was checked against, and where that came from."""
    return {**({"path": path} if path is not None else {}), "tf_version": target.version,
            "keras_version": target.keras, "tf_version_source": target.source}


def render(findings: Iterable[Finding], files: int, stats: dict | None = None,
           targets: Iterable[tuple[str, Target]] | None = None) -> str:
    return json.dumps(document(findings, files, stats, targets), indent=2) + "\n"


def args_schema() -> dict:
    """The JSON Schema of a finding's ``args``: every fact by name, with its kind's schema
    (the committed schema holds the same; a test keeps them equal)."""
    return {
        "type": "object",
        "description": "The typed facts the message is rendered from, by name; each code carries some of them "
                       "(shapetracer explain CODE lists which). Dims are integers, null when unknown; shapes "
                       "arrays of dims, null when even the rank is unknown; a nested message is its text and "
                       "facts. Added in schema version 2.",
        "properties": {name: dict(kind.schema, description=kind.name) for name, kind in sorted(FACTS.items())},
        "additionalProperties": False,
    }
