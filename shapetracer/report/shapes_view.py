"""``shapetracer shapes FILE``: the script with what the analyzer believes beside it.

Every assignment that binds a tensor gets its inferred shape as a trailing
comment; a line reached several times with different shapes (loops, calls)
lists each distinct shape.  A notebook is shown cell by cell.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shapetracer.engine import Options, check_source
from shapetracer.frontend.notebook import code_cells


def render_shapes(path: Path, options: Options | None = None) -> str:
    """``options``: the bounds and target version to analyse with (the shape pass only)."""
    data = path.read_bytes()
    options = dataclasses.replace(options, generic=False) if options is not None else Options(generic=False)
    result = check_source(data, str(path), path, options)
    if result.cells is not None:
        return _render_cells(data, result)
    lines = data.decode("utf-8", errors="replace").splitlines()
    return _annotated(lines, _notes(result, str(path), lambda line: line))


def _notes(result, path: str, place) -> dict:
    """Distinct shapes per place (a line, or a notebook's (cell, line)), in first-seen order."""
    notes: dict = {}
    for origin, tensor in result.shape_log:
        if origin.path != path:
            continue
        rendered = tensor.shape.list_str()
        entry = notes.setdefault(place(origin.line), [])
        if rendered not in entry:
            entry.append(rendered)
    return notes


def _render_cells(data: bytes, result) -> str:
    """A notebook: each code cell under a ``# %% cell N`` header (the percent format
    editors read), its lines numbered within the cell as findings are."""
    notes = _notes(result, result.path, result.cells.locate)
    out = []
    for cell, lines in code_cells(data).items():
        per_line = {line: shapes for (c, line), shapes in notes.items() if c == cell}
        out.append(f"# %% cell {cell}\n" + _annotated(lines, per_line))
    return "\n".join(out)


def _annotated(lines: list[str], notes: dict[int, list[str]]) -> str:
    width = min(max((len(line) for line in lines), default=0), 88)
    out = []
    for number, line in enumerate(lines, 1):
        shapes = notes.get(number)
        if shapes:
            out.append(f"{line.ljust(width)}   # {' | '.join(shapes)}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"
