"""Read the multi-file projects of ``corpus/projects/`` and what their manifests claim.

Each project folder holds a ``project.json`` and either a buggy variant ``bug/`` with its
fixed twin ``ok/``, or one clean variant ``clean/`` (corpus/projects/README.md).  The
manifest lists the TensorFlow versions (``tf``), the entry points run in order with the
variant's folder as working directory (``entry``), and the buggy variant's findings as
``path:line CODE`` (``expect``; the path relative to ``bug/``).  The labelled lines also
carry ``# expect: CODE`` in the source, and the format test checks the two agree.

Like corpus_meta, this module only parses and imports nothing from shapetracer: the
oracle, the format test and the analyzer's test all read the projects through it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PROJECTS_ROOT = REPO_ROOT / "corpus" / "projects"
MANIFEST = "project.json"
VARIANTS = ("bug", "ok", "clean")
VERSIONS = ("1.15", "2.15", "2.21")
# Codes whose buggy variant raises under the versions it lists (see corpus_meta); a project
# may also fail with a generic Python error between its files (ST3xx, e.g. a call that
# passes a keyword the other module's function does not take).
RAISING_PREFIXES = ("ST1", "ST3", "ST4")

EXPECT_ENTRY = re.compile(r"^(?P<path>[^:\s]+\.py):(?P<line>\d+) (?P<code>ST\d{3})$")
EXPECT_MARKER = re.compile(r"#\s*expect:\s*(ST\d{3})\b")


@dataclass(frozen=True)
class Expectation:
    """One labelled finding: a file of the variant (relative, '/'-separated), a line, a code."""

    path: str
    line: int
    code: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.code}"


@dataclass(frozen=True)
class Variant:
    """One runnable folder of a project: ``bug``, ``ok`` or ``clean``."""

    project: "Project"
    kind: str

    @property
    def folder(self) -> Path:
        return self.project.folder / self.kind

    @property
    def rel(self) -> str:
        return f"projects/{self.project.name}/{self.kind}"

    @property
    def expects(self) -> tuple[Expectation, ...]:
        """The findings this variant must draw: the manifest's for ``bug``, none otherwise."""
        return self.project.expects if self.kind == "bug" else ()

    @property
    def should_raise(self) -> bool:
        """A buggy variant raises at its one labelled line (ST1xx/ST4xx); twins and clean
        projects run every entry point to the end."""
        return any(e.code.startswith(RAISING_PREFIXES) for e in self.expects)

    def python_files(self) -> list[Path]:
        return sorted(p for p in self.folder.rglob("*.py") if "__pycache__" not in p.parts)

    def markers(self) -> set[Expectation]:
        """The ``# expect: CODE`` markers written in the variant's source."""
        found = set()
        for file in self.python_files():
            rel = file.relative_to(self.folder).as_posix()
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                for match in EXPECT_MARKER.finditer(line):
                    found.add(Expectation(rel, number, match.group(1)))
        return found


@dataclass(frozen=True)
class Project:
    name: str
    folder: Path
    manifest: dict

    @property
    def versions(self) -> tuple[str, ...]:
        return tuple(self.manifest.get("tf", ()))

    @property
    def entries(self) -> tuple[str, ...]:
        return tuple(self.manifest.get("entry", ()))

    @property
    def expects(self) -> tuple[Expectation, ...]:
        return tuple(parse_expectation(text) for text in self.manifest.get("expect", ()))

    @property
    def variants(self) -> tuple[Variant, ...]:
        return tuple(Variant(self, kind) for kind in VARIANTS if (self.folder / kind).is_dir())

    @property
    def is_clean(self) -> bool:
        return (self.folder / "clean").is_dir()


def parse_expectation(text: str) -> Expectation:
    match = EXPECT_ENTRY.match(text.strip())
    if not match:
        raise ValueError(f"not `path:line CODE`: {text!r}")
    return Expectation(match.group("path"), int(match.group("line")), match.group("code"))


def load_project(folder: Path) -> Project:
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    return Project(folder.name, folder, manifest)


def load_projects(root: Path = PROJECTS_ROOT) -> list[Project]:
    return [load_project(folder) for folder in sorted(root.iterdir())
            if folder.is_dir() and (folder / MANIFEST).is_file()]


def variant_runs(projects: list[Project]) -> list[tuple[Variant, str]]:
    """Every (variant, version) the oracle runs and the analyzer checks."""
    return [(variant, version) for project in projects for variant in project.variants
            for version in project.versions]
