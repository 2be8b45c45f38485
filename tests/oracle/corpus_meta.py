"""Read the expectations that corpus programs carry inside themselves.

Every corpus file under ``corpus/shape/`` starts with a header comment block::

    # pattern: 2          row of shared/patterns.md, or "clean"
    # style: tf1          tf1 | tf1-plain | tf2 | keras | numpy
    # tf: 1.15, 2.21      the TensorFlow versions it is verified under (optional:
    #                     DEFAULT_VERSION when absent)
    # oracle: legacy-keras, runs    (optional, comma separated)

and a buggy program ``bug_<stem>.py`` marks the line where TensorFlow raises
with a trailing ``# expect: ST1xx`` (or ``# expect: ST2xx`` for a warning, in
which case the header says ``oracle: runs`` because the program does not raise).
Other lines that take part in the bug may carry ``# related``.

A program whose behaviour depends on the version says so per version:
``# expect[1.15]: ST118`` applies under TensorFlow 1.15 only (``expect[2.15, 2.21]``
under both); a plain ``# expect:`` applies to every listed version that no
bracketed marker names.  Under a version with an ST1xx expectation the program
raises at that line; with an ST2xx one (or none at all) it runs to the end.
Several markers may share a line: ``# expect[1.15]: ST118  # expect[2.21]: ST204``.

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
            "broadcast", "rnn", "numpy", "misc", "keras", "api", "dtype", "keys", "posted")
# keras: TF2 Keras programs (tf.keras / keras / tf_keras), run as they are, like tf2.
# api: API changes between versions (ST4xx: a removed name, module, method or keyword), each
# listing a version that lacks the name and one that has it; their pattern is "api".
STYLES = ("tf1", "tf1-plain", "tf2", "keras", "numpy")
ORACLE_FLAGS = ("legacy-keras", "runs")
# Rows of shared/patterns.md (kept here because shared/ is not part of the repo).
PATTERN_ROWS = range(1, 35)
API_PATTERN = "api"  # the pattern of the api family: API changes are no shape pattern
# Families that are no shape pattern either, each with the pattern its programs name:
# dtype clashes (ST14x) and missing keys, attributes and indices of known containers (ST15x).
OTHER_PATTERNS = {"api": API_PATTERN, "dtype": "dtype", "keys": "keys"}
# posted: bugs people posted (issue 30), each reproduced from its report: the header names the
# report (`# source: URL`) and the class of the issue it belongs to (`# class: A1`); its
# pattern is a row number, "dtype" for a dtype clash or "api" for an API change (ST4xx).
POSTED_FAMILY = "posted"
POSTED_CLASS = re.compile(r"^[A-Z][0-9]+$")
# Codes whose programs raise under the version they are expected under: shape errors (ST1xx)
# and API changes (ST4xx: AttributeError, ImportError, TypeError).  ST2xx warnings run.
RAISING_PREFIXES = ("ST1", "ST4")

# The TensorFlow versions the oracle can run (tests/oracle/envs.py builds one env per version;
# shapetracer.domain.target.SUPPORTED lists the same), and the one a program without a `tf:`
# header targets: the version the oracle verified the corpus under before it ran several.
VERSIONS = ("1.15", "2.15", "2.21")
DEFAULT_VERSION = "2.21"

HEADER_LINE = re.compile(r"^#\s*(pattern|style|tf|oracle|source|class):\s*(.*?)\s*$")
EXPECT = re.compile(r"#\s*expect:\s*(\S+)")
# `# expect[1.15]: ST118` or `# expect[2.15, 2.21]: ST204`: group 1 the versions, group 2 the code.
EXPECT_VERSIONED = re.compile(r"#\s*expect\[([^\]]*)\]:\s*(\S+)")
RELATED = re.compile(r"#\s*related\b")


@dataclass(frozen=True)
class Program:
    """One corpus file and what it claims about itself."""

    path: Path
    kind: str  # "bug" | "ok" | "clean"
    family: str
    header: dict[str, str]
    header_lines: tuple[str, ...]
    expects: tuple[tuple[int, str], ...]  # (1-based line, code) for every plain marker
    related: tuple[int, ...] = field(default=())
    # (versions, 1-based line, code) for every `# expect[V, ...]: CODE` marker
    versioned: tuple[tuple[tuple[str, ...], int, str], ...] = field(default=())

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
    def versions(self) -> tuple[str, ...]:
        """The TensorFlow versions the program is verified under (``tf:``; DEFAULT_VERSION)."""
        raw = self.header.get("tf")
        if raw is None:
            return (DEFAULT_VERSION,)
        return tuple(part.strip() for part in raw.split(","))

    def expects_for(self, version: str) -> tuple[tuple[int, str], ...]:
        """(line, code) of the markers that apply under ``version``: its bracketed markers,
        or the plain ones when no bracketed marker names it."""
        named = tuple((line, code) for versions, line, code in self.versioned if version in versions)
        return named or self.expects

    def expect_at(self, version: str) -> tuple[int, str] | None:
        """The one expected finding under ``version`` (None when it has none or several)."""
        expects = self.expects_for(version)
        return expects[0] if len(expects) == 1 else None

    def should_raise_under(self, version: str) -> bool:
        """True when TensorFlow ``version`` must raise at the expect line: an ST1xx or
        ST4xx expectation (a warning or no expectation: the program runs)."""
        if self.kind != "bug" or "runs" in self.oracle_flags:
            return False
        expected = self.expect_at(version)
        return expected is not None and expected[1].startswith(RAISING_PREFIXES)

    def checks_api_under(self, version: str) -> bool:
        """Whether the analyzer's API-change findings (ST4xx) apply to this program under
        ``version``: not for ``tf1-plain`` programs under TensorFlow 2, which the oracle runs
        with ``tensorflow`` aliased to ``tensorflow.compat.v1`` (worker.py's shim): as
        written, without the shim, they would fail there on tf.placeholder."""
        return not (self.style == "tf1-plain" and not version.startswith("1."))

    def finding_prefixes(self, version: str) -> tuple[str, ...]:
        """The code prefixes the analyzer's findings are compared with the labels on:
        shape errors and warnings, and API changes where ``checks_api_under``."""
        return ("ST1", "ST2", "ST4") if self.checks_api_under(version) else ("ST1", "ST2")

    @property
    def oracle_flags(self) -> frozenset[str]:
        raw = self.header.get("oracle", "")
        return frozenset(part.strip() for part in raw.split(",") if part.strip())

    @property
    def legacy_keras(self) -> bool:
        return "legacy-keras" in self.oracle_flags

    @property
    def all_expects(self) -> tuple[tuple[int, str], ...]:
        """Every marker, plain or bracketed, as (line, code)."""
        return self.expects + tuple((line, code) for _, line, code in self.versioned)


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
    versioned = tuple((tuple(v.strip() for v in match.group(1).split(",")), number, match.group(2))
                      for number, line in enumerate(lines, 1) if number > len(block)
                      for match in EXPECT_VERSIONED.finditer(line))
    family = path.parent.name
    if family == "clean":
        kind = "clean"
    elif path.name.startswith("bug_"):
        kind = "bug"
    elif path.name.startswith("ok_"):
        kind = "ok"
    else:
        kind = "unknown"
    return Program(path, kind, family, header, block, expects, related, versioned)


def corpus_files(root: Path = CORPUS_ROOT) -> list[Path]:
    return sorted(p for p in root.glob("*/*.py") if p.is_file())


def load_corpus(root: Path = CORPUS_ROOT) -> list[Program]:
    return [load_program(path) for path in corpus_files(root)]
