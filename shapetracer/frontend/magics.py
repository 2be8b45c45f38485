"""IPython syntax in a notebook cell, turned into plain Python line for line.

Jupyter hands each cell to IPython, which rewrites ``%magic``, ``%%cell magic``,
``!shell`` and ``name?`` before Python sees the code.  The analyzer parses plain
Python, so each such line is replaced by a neutral statement *on the same line*:
every other line and column of the cell stays where the user sees it, so findings
need no second mapping.

- ``%%time`` / ``%%capture`` style cell magics run their body as Python: only the
  magic line is replaced.  Any other cell magic (``%%bash``, ``%%writefile``,
  ``%%html``...) is not Python: the whole cell is blanked.
- ``%time stmt`` runs ``stmt``: the prefix becomes ``pass;`` (as wide) and ``stmt`` is analysed.
- ``x = %magic`` / ``x = !cmd`` bind ``x`` to something unknown (``get_ipython()``),
  so later uses of ``x`` are neither undefined names nor guessed values.
- ``%run`` / ``%store -r`` / ``%load`` bring names nobody can see: at module level
  they become ``from IPython import *`` so pyflakes does not call those names undefined.
- Everything else (``%matplotlib inline``, ``!pip install``, ``x?``) becomes ``pass``.

Only lines that start a statement are rewritten (not lines inside a string,
brackets or a backslash continuation); a tiny scanner tracks that state.
"""

from __future__ import annotations

import re

# cell magics whose body IPython runs as Python code in the notebook's namespace
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "memit", "mprun", "tensorflow_version"})
_HIDDEN_NAMES = frozenset({"run", "store", "load", "loadpy"})  # bind names the analysis cannot see
_CELL_MAGIC = re.compile(r"^\s*%%(\w+)")
_ASSIGNED = re.compile(r"^(\s*)([A-Za-z_][\w.,\s\[\]()*]*?)\s*=\s*[%!]")
_TIME_PREFIX = re.compile(r"^(\s*)(%time\s+)(?=\S)")
_COMPOUND = re.compile(r"(for|while|if|with|try|def|class|async)\b")


def python_lines(lines: list[str]) -> list[str]:
    """The cell's lines as plain Python, same count and same places."""
    if not lines:
        return lines
    magic = _CELL_MAGIC.match(lines[0])
    if magic:
        if magic.group(1) not in PYTHON_CELL_MAGICS:
            return [""] * len(lines)
        lines = [""] + lines[1:]
    out: list[str] = []
    scanner = _Scanner()
    blank_continuation = False
    for line in lines:
        at_statement = scanner.at_statement_start()
        if blank_continuation:
            out.append("")
            blank_continuation = line.rstrip().endswith("\\")
        elif at_statement and _is_ipython(line):
            out.append(_neutral(line))
            blank_continuation = line.rstrip().endswith("\\")
            line = ""
        else:
            out.append(line)
        scanner.feed(line)
    return out


def _is_ipython(line: str) -> bool:
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return False
    if stripped[0] in "%!?" or _ASSIGNED.match(line):
        return True
    code = _code_part(stripped)
    return code.endswith("?") and not code.endswith("\\?")


def _neutral(line: str) -> str:
    indent = line[: len(line) - len(line.lstrip())]
    timed = _TIME_PREFIX.match(line)
    if timed and not _COMPOUND.match(line[timed.end():]):
        # "pass;" is no wider than "%time ": the statement keeps its columns
        return timed.group(1) + "pass;".ljust(len(timed.group(2))) + line[timed.end():]
    assigned = _ASSIGNED.match(line)
    if assigned:
        return f"{assigned.group(1)}{assigned.group(2)} = get_ipython()"
    name = re.match(r"%(\w+)", line.strip())
    if name and name.group(1) in _HIDDEN_NAMES and not indent:
        return "from IPython import *"
    return indent + "pass"


def _code_part(line: str) -> str:
    """``line`` without a trailing comment (strings respected), right-stripped."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[:index].rstrip()
    return line.rstrip()


class _Scanner:
    """Whether the next line starts a new statement: not inside a (triple-quoted)
    string, not inside brackets, not after a backslash continuation.  Good enough
    for deciding where IPython syntax can be; the parser judges the rest."""

    def __init__(self) -> None:
        self.depth = 0
        self.triple = ""
        self.continued = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and not self.triple and not self.continued

    def feed(self, line: str) -> None:
        index, quote = 0, ""
        self.continued = False
        while index < len(line):
            if self.triple:
                end = line.find(self.triple, index)
                if end < 0:
                    return
                index, self.triple = end + 3, ""
                continue
            char = line[index]
            if quote:
                if char == "\\":
                    index += 1
                elif char == quote:
                    quote = ""
            elif line.startswith(('"""', "'''"), index):
                self.triple = line[index:index + 3]
                index += 2
            elif char in "\"'":
                quote = char
            elif char == "#":
                break
            elif char in "([{":
                self.depth += 1
            elif char in ")]}":
                self.depth = max(self.depth - 1, 0)
            index += 1
        self.continued = line.rstrip().endswith("\\") and not self.triple
