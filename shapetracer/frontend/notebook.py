"""A Jupyter notebook (``.ipynb``, nbformat 4) read as the one program its code cells make.

Jupyter runs code cells top to bottom in one namespace, so the analyzer does too:
the cells are joined into one text, IPython syntax neutralised line for line
(``magics``), and a ``CellMap`` remembers which cell each line came from.

The JSON is read directly rather than through ``nbformat``: we need four keys
(``nbformat``, ``metadata``, ``cells``, each cell's ``cell_type``/``source``), and
nbformat's schema validation and version upgrades would add a dependency, its
``jsonschema`` stack and seconds per large notebook, for nothing we report.
Outputs are never looked at.
"""

from __future__ import annotations

import json

from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.frontend.magics import python_lines
from shapetracer.frontend.source import CellMap, CellSpan, SourceProblem, decode

MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024  # the JSON, outputs included, is parsed whole
# IPython predefines these; one line before the first cell binds them for every pass
# (the CellMap puts no cell there).
PREAMBLE = "from IPython.display import display; from IPython import get_ipython\n"


def read_notebook(data: bytes) -> tuple[str, CellMap] | SourceProblem:
    """The code cells as one Python text and the map back to (cell, line); never raises."""
    if len(data) > MAX_NOTEBOOK_BYTES:
        return SourceProblem(codes.TOO_COMPLEX, Message(
            "notebook is {size_mb} MB, over the {bound_mb} MB bound (mostly outputs?); clear them "
            "with `jupyter nbconvert --clear-output --inplace` to check it",
            size_mb=len(data) // (1024 * 1024), bound_mb=MAX_NOTEBOOK_BYTES // (1024 * 1024)))
    text = decode(data)
    if isinstance(text, SourceProblem):
        return text
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        line, column = getattr(exc, "lineno", 1), getattr(exc, "colno", 1)
        message = getattr(exc, "msg", None) or type(exc).__name__
        return SourceProblem(codes.INVALID_NOTEBOOK, Message("not a notebook: invalid JSON ({detail})", detail=message),
                             line, column)
    problem = _format_problem(document)
    if problem is not None:
        return problem
    return _join(document)


def _format_problem(document: object) -> SourceProblem | None:
    if not isinstance(document, dict):
        return SourceProblem(codes.INVALID_NOTEBOOK, Message("not a notebook: the JSON is not an object"))
    version = document.get("nbformat")
    if "worksheets" in document or (isinstance(version, int) and version < 4):
        shown = version or 3
        # (a version that is no number: any JSON of a file that is no notebook, shown as text)
        head = Message("nbformat {nbformat}", nbformat=shown) if isinstance(shown, int) else \
            Message("nbformat {detail}", detail=str(shown))
        return SourceProblem(codes.OLD_NOTEBOOK_FORMAT, head + Message(
            " notebook; only nbformat 4 is read (convert it: jupyter nbconvert --to notebook --nbformat 4)"))
    if version != 4 or not isinstance(document.get("cells"), list):
        return SourceProblem(codes.INVALID_NOTEBOOK,
                             Message("not a notebook: expected nbformat 4 with a list of cells"))
    for number, cell in enumerate(document["cells"], 1):
        if not isinstance(cell, dict) or not isinstance(_source(cell), str):
            return SourceProblem(codes.INVALID_NOTEBOOK, Message("not a notebook: cell {cell} has no text source",
                                                                 cell=number))
    language = _language(document.get("metadata"))
    if language and not language.startswith(("python", "ipython")):
        return SourceProblem(codes.NO_PYTHON_CODE, Message("the notebook's kernel runs {language}, not Python",
                                                           language=language))
    return None


def _language(metadata: object) -> str:
    if not isinstance(metadata, dict):
        return ""
    for key, field in (("kernelspec", "language"), ("language_info", "name")):
        section = metadata.get(key)
        if isinstance(section, dict) and isinstance(section.get(field), str):
            return section[field].lower()
    return ""


def _source(cell: dict) -> object:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return source


def _lines(source: str) -> list[str]:
    """Lines as Python counts them (\\n, \\r\\n, \\r; not str.splitlines' form feeds)."""
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def _join(document: dict) -> tuple[str, CellMap] | SourceProblem:
    parts = [PREAMBLE]
    spans: list[CellSpan] = []
    line = PREAMBLE.count("\n") + 1
    for number, cell in enumerate(document["cells"], 1):
        if cell.get("cell_type") != "code":
            continue
        lines = python_lines(_lines(_source(cell)))
        if not lines:
            continue
        spans.append(CellSpan(number, line, len(lines)))
        parts.append("\n".join(lines) + "\n")
        line += len(lines)
    if not any(part.strip() for part in parts[1:]):
        return SourceProblem(codes.NO_PYTHON_CODE, Message("the notebook has no code cells to check"))
    return "".join(parts), CellMap(tuple(spans))


def code_cells(data: bytes) -> dict[int, list[str]]:
    """Each code cell's lines as the user wrote them (magics included), by cell number;
    empty when ``data`` is not a readable notebook (its finding says why)."""
    text = decode(data) if len(data) <= MAX_NOTEBOOK_BYTES else None
    try:
        document = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return {}
    if _format_problem(document) is not None:
        return {}
    return {number: _lines(_source(cell)) for number, cell in enumerate(document["cells"], 1)
            if cell.get("cell_type") == "code"}
