"""Read the expectations that corpus programs carry inside themselves.

Every corpus file under ``corpus/shape/`` starts with a header comment block::

    # pattern: 2          row of shared/patterns.md, or "clean"
    # style: tf1          tf1 | tf1-plain | tf2 | keras | numpy
    # oracle: legacy-keras, runs    (optional, comma separated)

and a buggy program ``bug_<stem>.py`` marks the line where TensorFlow raises
with a trailing ``# expect: ST1xx`` (or ``# expect: ST2xx`` for a warning, in
which case the header says ``oracle: runs`` because the program does not raise).
Other lines that take part in the bug may carry ``# related``.

This module only parses; the format test and the oracle both use it, so the
file format is defined in one place.  It deliberately imports nothing from
shapetracer: the corpus is ground truth for the analyzer, not a user of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS_ROOT = REPO_ROOT / "corpus" / "shape"

FAMILIES = ("matmul", "reshape", "conv", "feed", "losses", "reduction", "manipulation",
            "broadcast", "rnn", "numpy", "misc", "keras")
# keras: TF2 Keras programs (tf.keras / keras / tf_keras), run as they are, like tf2.
STYLES = ("tf1", "tf1-plain", "tf2", "keras", "numpy")
ORACLE_FLAGS = ("legacy-keras", "runs")
# Rows of shared/patterns.md (kept here because shared/ is not part of the repo).
PATTERN_ROWS = range(1, 35)

HEADER_LINE = re.compile(r"^#\s*(pattern|style|oracle):\s*(.*?)\s*$")
EXPECT = re.compile(r"#\s*expect:\s*(\S+)")
RELATED = re.compile(r"#\s*related\b")


@dataclass(frozen=True)
class Program:
    """One corpus file and what it claims about itself."""

    path: Path
    kind: str  # "bug" | "ok" | "clean"
    family: str
    header: dict[str, str]
    header_lines: tuple[str, ...]
    expects: tuple[tuple[int, str], ...]  # (1-based line, code) for every marker
    related: tuple[int, ...] = field(default=())

    @property
    def rel(self) -> str:
        return self.path.relative_to(CORPUS_ROOT).as_posix()

    @property
    def stem(self) -> str:
        """The name shared by a buggy program and its fixed twin."""
        return self.path.stem.split("_", 1)[1] if self.kind in ("bug", "ok") else self.path.stem

    @property
    def style(self) -> str:
        return self.header.get("style", "")

    @property
    def oracle_flags(self) -> frozenset[str]:
        raw = self.header.get("oracle", "")
        return frozenset(part.strip() for part in raw.split(",") if part.strip())

    @property
    def legacy_keras(self) -> bool:
        return "legacy-keras" in self.oracle_flags

    @property
    def expect_line(self) -> int | None:
        return self.expects[0][0] if len(self.expects) == 1 else None

    @property
    def expect_code(self) -> str | None:
        return self.expects[0][1] if len(self.expects) == 1 else None

    @property
    def should_raise(self) -> bool:
        """True when real TensorFlow must raise at the expect line."""
        return self.kind == "bug" and "runs" not in self.oracle_flags


def read_header(lines: list[str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """The leading block of comment lines, and the ``key: value`` pairs in it."""
    block: list[str] = []
    for line in lines:
        if not line.startswith("#"):
            break
        block.append(line.rstrip("\n"))
    header: dict[str, str] = {}
    for line in block:
        match = HEADER_LINE.match(line)
        if match:
            header[match.group(1)] = match.group(2)
    return header, tuple(block)


def load_program(path: Path) -> Program:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    header, block = read_header(lines)
    expects = tuple((number, match.group(1)) for number, line in enumerate(lines, 1)
                    if number > len(block) and (match := EXPECT.search(line)))
    related = tuple(number for number, line in enumerate(lines, 1)
                    if number > len(block) and RELATED.search(line))
    family = path.parent.name
    if family == "clean":
        kind = "clean"
    elif path.name.startswith("bug_"):
        kind = "bug"
    elif path.name.startswith("ok_"):
        kind = "ok"
    else:
        kind = "unknown"
    return Program(path, kind, family, header, block, expects, related)


def corpus_files(root: Path = CORPUS_ROOT) -> list[Path]:
    return sorted(p for p in root.glob("*/*.py") if p.is_file())


def load_corpus(root: Path = CORPUS_ROOT) -> list[Program]:
    return [load_program(path) for path in corpus_files(root)]
