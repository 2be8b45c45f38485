"""``shapetracer shapes FILE``: the script with what the analyzer believes beside it.

Every assignment that binds a tensor gets its inferred shape as a trailing
comment; a line reached several times with different shapes (loops, calls)
lists each distinct shape.  A notebook is shown cell by cell.  The analysis is the
caller's (the ``shapes`` command): this module formats its result.
"""

from __future__ import annotations

from typing import Any


def render_shapes(data: bytes, result: Any, cells: dict[int, list[str]] | None = None) -> str:
    """``data`` annotated with ``result``'s shapes: a file's check result (``engine.FileResult``,
    with its ``shape_log``), and for a notebook its code cells' lines by cell number (the
    caller reads them: ``frontend.notebook.code_cells``)."""
    if result.cells is not None:
        return _render_cells(result, cells or {})
    lines = data.decode("utf-8", errors="replace").splitlines()
    return _annotated(lines, _notes(result, result.path, lambda line: line))


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


def _render_cells(result, cells: dict[int, list[str]]) -> str:
    """A notebook: each code cell under a ``# %% cell N`` header (the percent format
    editors read), its lines numbered within the cell as findings are."""
    notes = _notes(result, result.path, result.cells.locate)
    out = []
    for cell, lines in cells.items():
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
