"""``json-lines``: one finding object per line, for streaming consumers."""

from __future__ import annotations

import json
from typing import Iterable

from shapetracer.rules.findings import Finding


def render(findings: Iterable[Finding]) -> str:
    return "".join(json.dumps(f.to_dict(), sort_keys=True) + "\n" for f in findings)
