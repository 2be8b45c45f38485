"""The file a fix rewrites: read as the analysis reads it, written back with every byte the
fix does not change.

Fixes edit the program as the analysis sees it: text with ``\\n`` line ends and no byte
order mark.  Writing that text back as it is would turn a CRLF file into an LF one, drop
a BOM and re-encode a latin-1 file as UTF-8: a one-token fix would show as a change of
every line in version control.  So the text is put back line by line: a line the fixes
left alone is written with its original bytes (its own line end included), a changed or
new line takes the line end of the line it replaces (else the file's most common one),
and the whole is encoded as the file was (its coding cookie, its BOM).

A notebook's code cells are fixed as the one program the analysis reads
(``frontend/notebook.py`` joins them line for line): changed lines go back into their
cells; outputs, metadata, markdown and the lines the fixes left (magics included) stay as
they were, and the JSON keeps its indentation.
"""

from __future__ import annotations

import difflib
import json
import re
import tokenize
from dataclasses import dataclass, replace
from pathlib import Path

from shapetracer.rules.findings import Finding
from shapetracer.frontend.notebook import read_notebook
from shapetracer.frontend.source import CellMap, SourceProblem, is_notebook

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _lines(text: str) -> list[str]:
    """Lines with their own ends, split where Python splits them (``\\r\\n``, ``\\r``, ``\\n``)."""
    return _LINE.findall(text)


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


def _body(line: str) -> str:
    return line.rstrip("\r\n")


class Unwritable(Exception):
    """The fixed text cannot be written in the file's own encoding (or the file changed)."""


@dataclass
class PythonSource:
    """A ``.py`` file: its bytes decoded by PEP 263 (BOM, cookie), line ends kept aside."""

    encoding: str  # as tokenize names it: "utf-8-sig" when the file starts with a BOM
    lines: list[str]  # the decoded lines with their own ends, BOM removed
    path: str  # the path the findings name

    @property
    def text(self) -> str:
        """What fixes edit: the program with ``\\n`` ends (the analysis's lines and columns)."""
        return "".join(_body(line) + ("\n" if _ending(line) else "") for line in self.lines)

    def in_text(self, findings: list[Finding]) -> list[Finding]:
        return findings

    def render(self, fixed: str) -> bytes:
        old = [_body(line) for line in self.lines]
        new_lines = _lines(fixed)
        new = [_body(line) for line in new_lines]
        usual = _usual_ending(self.lines)
        out: list[str] = []
        matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                for k in range(i2 - i1):
                    original, edited = self.lines[i1 + k], new_lines[j1 + k]
                    # a last line that gained or lost its end is a change of that end only
                    out.append(original if bool(_ending(original)) == bool(_ending(edited))
                               else _body(original) + (usual if _ending(edited) else ""))
                continue
            for k in range(j2 - j1):
                replaced = self.lines[min(i1 + k, i2 - 1)] if i2 > i1 else None
                ending = _ending(replaced) if replaced is not None and _ending(replaced) else usual
                out.append(new[j1 + k] + (ending if _ending(new_lines[j1 + k]) else ""))
        try:
            return "".join(out).encode(self.encoding)  # "utf-8-sig" writes the BOM back
        except (UnicodeEncodeError, LookupError) as exc:
            raise Unwritable(f"the fixed text cannot be encoded as {self.encoding}: {exc}") from exc


def _usual_ending(lines: list[str]) -> str:
    ends = [_ending(line) for line in lines if _ending(line)]
    return max(("\n", "\r\n", "\r"), key=ends.count) if ends else "\n"


@dataclass
class NotebookSource:
    """A notebook: its JSON, and its code cells joined into the program the analysis reads."""

    document: dict
    joined: str
    cells: CellMap
    raw: str  # the JSON text as read (for its indentation)
    path: str

    @property
    def text(self) -> str:
        return self.joined

    @property
    def program_path(self) -> str:
        """The path the joined program is analysed under while fixes are verified: not a
        ``.ipynb``, so the analysis reads it as the Python it is."""
        return self.path + ".py"

    def in_text(self, findings: list[Finding]) -> list[Finding]:
        """The findings moved from (cell, line in cell) to lines of the joined program."""
        moved = []
        for finding in findings:
            if finding.path != self.path or finding.cell is None:
                continue
            line = self.cells.line_of(finding.cell, finding.line)
            end = self.cells.line_of(finding.cell, finding.end_line) if finding.end_line >= finding.line else None
            if line is None:
                continue
            related = tuple(replace(r, path=self.program_path, cell=None,
                                    line=self.cells.line_of(r.cell, r.line) or r.line)
                            if r.path == self.path and r.cell is not None else r for r in finding.related)
            moved.append(replace(finding, path=self.program_path, cell=None, line=line,
                                 end_line=end if end is not None else line, related=related))
        return moved

    def render(self, fixed: str) -> bytes:
        sources = self._cell_lines(fixed)
        document = json.loads(json.dumps(self.document))  # a copy: the original stays as read
        for number, lines in sources.items():
            cell = document["cells"][number - 1]
            text = "".join(lines)
            cell["source"] = _lines(text) if isinstance(cell.get("source"), list) else text
        indent = _indent(self.raw)
        written = json.dumps(document, indent=indent, ensure_ascii=False)
        return (written + ("\n" if self.raw.endswith("\n") else "")).encode("utf-8")

    def _cell_lines(self, fixed: str) -> dict[int, list[str]]:
        """Each changed cell's new lines: unchanged lines as the user wrote them (a magic
        stays a magic), changed and new ones from the fixed program."""
        joined_old, joined_new = _lines(self.joined), _lines(fixed)
        first = self.cells.spans[0].first_line if self.cells.spans else 1
        # the (cell, line in it) of each joined line; None for the preamble before the cells
        owner = [self.cells.locate(index + 1) if index + 1 >= first else None for index in range(len(joined_old))]
        # per cell: (sort key, original index or None, text); a new line sorts at or after its anchor
        placed = {span.cell: [((i, 0), i, text) for i, text in enumerate(self._original(span.cell))]
                  for span in self.cells.spans}
        changed: set[int] = set()
        matcher = difflib.SequenceMatcher(None, [_body(x) for x in joined_old], [_body(x) for x in joined_new],
                                          autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            # replaced lines leave their cells, the new ones go where the first of them was;
            # inserted lines go after the line before them, in that line's cell
            anchor = owner[i1] if i2 > i1 else (owner[i1 - 1] if i1 > 0 else None)
            if anchor is None or any(owner[i] is None for i in range(i1, i2)):
                raise Unwritable("a fix edited the lines before the notebook's first cell")
            for index in range(i1, i2):
                cell, line = owner[index]
                placed[cell] = [entry for entry in placed[cell] if entry[1] != line - 1]
                changed.add(cell)
            cell, line = anchor
            step = 0 if i2 > i1 else 1  # a replacement takes the first line's place; an insertion follows
            placed[cell].extend((((line - 1), step + order), None, _body(text) + "\n")
                                for order, text in enumerate(joined_new[j1:j2]))
            changed.add(cell)
        result = {}
        for cell in changed:
            lines = [text for _, _, text in sorted(placed[cell], key=lambda entry: entry[0])]
            original = self._original(cell)
            if lines and original and not original[-1].endswith("\n"):
                lines[-1] = _body(lines[-1])  # the cell's last line had no end: it still has none
            result[cell] = lines
        return result

    def _original(self, cell: int) -> list[str]:
        source = self.document["cells"][cell - 1].get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        return _lines(text)


def _indent(raw: str) -> int | None:
    match = re.search(r"\n( +)\"", raw)
    return len(match.group(1)) if match else None


def read(file: Path, path: str) -> PythonSource | NotebookSource | SourceProblem | None:
    """The file as fixes edit it; a ``SourceProblem`` when its bytes cannot be decoded (the
    check reported that already as ST003), None when it cannot be read."""
    try:
        data = file.read_bytes()
    except OSError:
        return None
    if is_notebook(path):
        joined = read_notebook(data)
        if isinstance(joined, SourceProblem):
            return joined
        text, cells = joined
        raw = data.decode("utf-8-sig")
        return NotebookSource(json.loads(raw), text, cells, raw, path)
    try:
        encoding, _ = tokenize.detect_encoding(iter(data.splitlines(keepends=True)).__next__)
        decoded = data.decode(encoding)
    except (SyntaxError, UnicodeDecodeError, LookupError) as exc:
        return SourceProblem("ST003", f"cannot decode the file: {exc}")
    if encoding == "utf-8-sig" and decoded.startswith("\ufeff"):
        decoded = decoded[1:]
    return PythonSource(encoding, _lines(decoded), path)
