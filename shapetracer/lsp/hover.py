"""Hover text for a name: the shapes ``shapetracer shapes`` prints, where the cursor is.

The interpreter logs each tensor bound to a name (the shape log ``shapes`` reads).
On an assignment target the hover shows what that assignment bound; on a later
use of the name, what its nearest binding above bound.  A line run several times
(a loop, a helper called twice) lists each distinct shape.  The tensor's origin
(its ``Origin``: "declared as [10]", "reshaped to [?, 12]") says where the shape
came from.
"""

from __future__ import annotations

from shapetracer.lsp.convert import Analysis, describe_finding, finding_at, name_at


def shape_hover(analysis: Analysis, name: str, line: int) -> str | None:
    """Markdown for ``name`` seen on joined-text ``line`` (1-based), or None when no
    tensor was ever bound to it."""
    path = analysis.snapshot.display_path
    entries = [(origin, tensor) for origin, tensor in analysis.result.shape_log
               if origin.path == path and getattr(origin.node, "value", None) == name]
    if not entries:
        return None
    above = [origin.line for origin, _ in entries if origin.line <= line]
    chosen = max(above) if above else min(origin.line for origin, _ in entries)
    tensors = [tensor for origin, tensor in entries if origin.line == chosen]
    shapes = list(dict.fromkeys(t.shape.list_str() for t in tensors))
    dtypes = list(dict.fromkeys(t.dtype or "dtype unknown" for t in tensors))
    kinds = list(dict.fromkeys(t.kind for t in tensors))
    head = f"`{name}`: **{' | '.join(shapes)}** {' | '.join(dtypes)} ({', '.join(kinds)})"
    binding = next(origin for origin, _ in entries if origin.line == chosen)
    lines = [head, f"- bound at {_where(analysis, chosen)}: `{binding.snippet.strip()}`"]
    for tensor in tensors:
        origin = tensor.origin
        if origin is None or not origin.describe():
            continue
        place = _where(analysis, origin.line) if origin.path == path else f"{origin.path}, line {origin.line}"
        entry = f"- {origin.describe()} at {place}: `{origin.snippet.strip()}`"
        if entry not in lines:
            lines.append(entry)
    return "\n".join(lines)


def _where(analysis: Analysis, line: int) -> str:
    cells = analysis.result.cells
    if cells is None:
        return f"line {line}"
    cell, within = cells.locate(line)
    return f"cell {cell}, line {within}"


def hover_text(latest: Analysis | None, parsed: Analysis | None, uri: str, line: int, column: int,
               text: str) -> str | None:
    """The hover at 1-based (line, column) of ``uri`` with line ``text``: the finding there
    (from the ``latest`` analysis, as the diagnostics are), then the name's shapes (from the
    newest analysis that ``parsed``: a half-typed line elsewhere does not blank them)."""
    parts = []
    finding = finding_at(latest, uri, line, column) if latest is not None else None
    if finding is not None:
        parts.append(describe_finding(finding))
    name = name_at(text, column)
    if name is not None and parsed is not None:
        cell = parsed.cell_of(uri)
        cells = parsed.result.cells
        joined = cells.line_of(cell, line) if cells is not None and cell is not None else line
        shape = shape_hover(parsed, name[0], joined) if joined is not None else None
        if shape:
            parts.append(shape)
    return "\n\n---\n\n".join(parts) or None
