"""``shapetracer shapes FILE``: the script with what the analyzer believes beside it.

Every assignment that binds a tensor gets its inferred shape as a trailing
comment; a line reached several times with different shapes (loops, calls)
lists each distinct shape.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shapetracer.engine import Options, check_source


def render_shapes(path: Path, options: Options | None = None) -> str:
    """``options``: the bounds and target version to analyse with (the shape pass only)."""
    data = path.read_bytes()
    options = dataclasses.replace(options, generic=False) if options is not None else Options(generic=False)
    result = check_source(data, str(path), path, options)
    text = data.decode("utf-8", errors="replace")
    lines = text.splitlines()
    notes: dict[int, list[str]] = {}
    for origin, tensor in result.shape_log:
        if origin.path != str(path):
            continue
        rendered = tensor.shape.list_str()
        entry = notes.setdefault(origin.line, [])
        if rendered not in entry:
            entry.append(rendered)
    width = min(max((len(line) for line in lines), default=0), 88)
    out = []
    for number, line in enumerate(lines, 1):
        shapes = notes.get(number)
        if shapes:
            out.append(f"{line.ljust(width)}   # {' | '.join(shapes)}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"
