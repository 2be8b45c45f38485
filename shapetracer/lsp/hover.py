"""Hover text for a name: the shapes ``shapetracer shapes`` prints, where the cursor is;
off a name (on a bracket, a dot, an operator), the innermost expression's tensor.

The interpreter logs each tensor bound to a name (the shape log ``shapes`` reads).
On an assignment target the hover shows what that assignment bound; on a later
use of the name, what its nearest binding above bound.  A line run several times
(a loop, a helper called twice) lists each distinct shape.  The tensor's origin
(its ``Origin``: "declared as [10]", "reshaped to [?, 12]") says where the shape
came from.
"""

from __future__ import annotations

import libcst as cst

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


def expression_hover(analysis: Analysis, line: int, column: int) -> str | None:
    """Markdown for the innermost expression holding joined-text (line, column) that
    evaluated to a tensor (a call, a subscript, an operator...), or None."""
    path = analysis.snapshot.display_path
    best = None
    for origin, tensor in analysis.result.expression_log:
        if origin.path != path:
            continue
        start_line, start_col, end_line, end_col = origin.position
        if not (start_line, start_col) <= (line, column) < (end_line, end_col):
            continue
        size = (end_line - start_line, end_col - start_col if end_line == start_line else 0)
        if best is None or size < best[0] or (size == best[0] and origin.seq > best[1].seq):
            best = (size, origin, tensor)
    if best is None:
        return None
    _, origin, tensor = best
    text = _node_text(origin.node)
    head = f"`{text}`: **{tensor.shape.list_str()}** {tensor.dtype or 'dtype unknown'} ({tensor.kind})"
    source = tensor.origin
    if source is not None and source.describe() and not source.same_site(origin):
        place = _where(analysis, source.line) if source.path == path else f"{source.path}, line {source.line}"
        return f"{head}\n- {source.describe()} at {place}: `{source.snippet.strip()}`"
    return head


def _node_text(node: object, limit: int = 60) -> str:
    text = " ".join(cst.Module(body=[]).code_for_node(node).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(analysis: Analysis, line: int) -> str:
    cells = analysis.result.cells
    if cells is None:
        return f"line {line}"
    cell, within = cells.locate(line)
    return f"cell {cell}, line {within}"


def hover_text(latest: Analysis | None, parsed: Analysis | None, uri: str, line: int, column: int,
               text: str) -> str | None:
    """The hover at 1-based (line, column) of ``uri`` with line ``text``: the finding there
    (from the ``latest`` analysis, as the diagnostics are), then the name's shapes, else the
    innermost expression's (from the newest analysis that ``parsed``: a half-typed line
    elsewhere does not blank them)."""
    parts = []
    finding = finding_at(latest, uri, line, column) if latest is not None else None
    if finding is not None:
        parts.append(describe_finding(finding))
    joined = _joined_line(parsed, uri, line) if parsed is not None else None
    if joined is not None:
        name = name_at(text, column)
        shape = shape_hover(parsed, name[0], joined) if name is not None else None
        shape = shape or expression_hover(parsed, joined, column)
        if shape:
            parts.append(shape)
    return "\n\n---\n\n".join(parts) or None


def _joined_line(analysis: Analysis, uri: str, line: int) -> int | None:
    """A notebook cell's line as a line of the joined cells (a plain file's as it is)."""
    cell = analysis.cell_of(uri)
    cells = analysis.result.cells
    return cells.line_of(cell, line) if cells is not None and cell is not None else line
