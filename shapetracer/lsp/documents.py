"""What the editor has open, as the engine's input: bytes, a display path, a file.

A Python text document is its own text.  A notebook synced by LSP 3.17 arrives as
a notebook document plus one text document per cell; it is rebuilt as nbformat 4
JSON so the engine reads it exactly as it reads an ``.ipynb`` on disk (same magics
handling, same cell numbering), and ``cell_uris[n - 1]`` is the editor's document
for cell ``n``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types

from shapetracer.engine import display_path


@dataclass(frozen=True)
class Snapshot:
    """One document's text at one moment; analyses run on snapshots, never live state."""

    key: str  # the document's (or notebook's) URI: what results are published for
    data: bytes
    display_path: str
    file: Path | None  # on disk: the config, target version and sibling modules are found from it
    cell_uris: tuple[str, ...] | None = None  # a notebook's cell documents, by cell number - 1


def file_of(uri: str) -> Path | None:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


def text_snapshot(uri: str, source: str) -> Snapshot:
    file = file_of(uri)
    shown = display_path(file) if file is not None else Path(urlparse(uri).path).name or "untitled.py"
    return Snapshot(uri, source.encode("utf-8", "surrogatepass"), shown, file)


def notebook_snapshot(notebook: types.NotebookDocument, cell_text) -> Snapshot:
    """``cell_text(uri)``: the current text of a cell document."""
    cells, uris = [], []
    for cell in notebook.cells:
        code = cell.kind == types.NotebookCellKind.Code
        cells.append({"cell_type": "code" if code else "markdown", "metadata": {},
                      "source": cell_text(cell.document), **({"outputs": []} if code else {})})
        uris.append(cell.document)
    metadata = notebook.metadata if isinstance(notebook.metadata, dict) else {}
    data = json.dumps({"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5})
    file = file_of(notebook.uri)
    shown = display_path(file) if file is not None else "notebook"
    if not shown.lower().endswith(".ipynb"):
        shown += ".ipynb"  # the engine reads a notebook by its name
    return Snapshot(notebook.uri, data.encode("utf-8", "surrogatepass"), shown, file, tuple(uris))


def is_python(uri: str, language_id: str | None = None) -> bool:
    if language_id:
        return language_id == "python"
    return uri.endswith((".py", ".pyi"))
