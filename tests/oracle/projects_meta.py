"""Read the multi-file projects of ``corpus/projects/`` and what their manifests claim.

Each project folder holds a ``project.json`` and either a buggy variant ``bug/`` with its
fixed twin ``ok/``, or one clean variant ``clean/`` (corpus/projects/README.md).  The
manifest lists the TensorFlow versions (``tf``), the entry points run in order with the
variant's folder as working directory (``entry``), and the buggy variant's findings as
``path:line CODE`` (``expect``; the path relative to ``bug/``).  ``expect`` is a list when
every listed version fails alike, or an object keyed by version (a key may name several,
``"2.15, 2.21"``) when they differ, as a TensorFlow that checks the data's cardinality
before the layer's input does.  The labelled lines also carry ``# expect: CODE`` in the
source (``# expect[1.15]: CODE`` per version, as in corpus/shape), and the format test
checks the two agree.

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
# `# expect[1.15]: ST117` or `# expect[2.15, 2.21]: ST118`: group 1 the versions, group 2 the code.
EXPECT_VERSIONED_MARKER = re.compile(r"#\s*expect\[([^\]]*)\]:\s*(ST\d{3})\b")


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

    def expects_for(self, version: str) -> tuple[Expectation, ...]:
        """The findings this variant must draw under ``version``: the manifest's for ``bug``,
        none otherwise."""
        return self.project.expects_for(version) if self.kind == "bug" else ()

    def should_raise_under(self, version: str) -> bool:
        """A buggy variant raises at its one labelled line (ST1xx/ST3xx/ST4xx); twins and
        clean projects run every entry point to the end."""
        return any(e.code.startswith(RAISING_PREFIXES) for e in self.expects_for(version))

    def python_files(self) -> list[Path]:
        return sorted(p for p in self.folder.rglob("*.py") if "__pycache__" not in p.parts)

    def markers(self, version: str | None = None) -> set[Expectation]:
        """The markers written in the variant's source that apply under ``version``:
        ``# expect: CODE`` and ``# expect[V, ...]: CODE`` naming it (every marker when
        ``version`` is None)."""
        found = set()
        for file in self.python_files():
            rel = file.relative_to(self.folder).as_posix()
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                for match in EXPECT_MARKER.finditer(line):
                    found.add(Expectation(rel, number, match.group(1)))
                for match in EXPECT_VERSIONED_MARKER.finditer(line):
                    if version is None or version in split_versions(match.group(1)):
                        found.add(Expectation(rel, number, match.group(2)))
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

    def expects_for(self, version: str) -> tuple[Expectation, ...]:
        """The buggy variant's findings under ``version``: the ``expect`` list, or the entry
        of the ``expect`` object whose key names the version (none when no key does)."""
        expect = self.manifest.get("expect", ())
        if isinstance(expect, dict):
            expect = next((texts for key, texts in expect.items() if version in split_versions(key)), ())
        return tuple(parse_expectation(text) for text in expect)

    @property
    def all_expects(self) -> tuple[Expectation, ...]:
        """Every labelled finding under any listed version, each once, in manifest order."""
        seen = {}
        for version in self.versions:
            for expected in self.expects_for(version):
                seen.setdefault(expected, None)
        return tuple(seen)

    @property
    def expect_keys(self) -> tuple[str, ...]:
        """The versions the keys of an ``expect`` object name (empty for the list form)."""
        expect = self.manifest.get("expect", ())
        return tuple(v for key in expect for v in split_versions(key)) if isinstance(expect, dict) else ()

    @property
    def variants(self) -> tuple[Variant, ...]:
        return tuple(Variant(self, kind) for kind in VARIANTS if (self.folder / kind).is_dir())

    @property
    def is_clean(self) -> bool:
        return (self.folder / "clean").is_dir()


def split_versions(text: str) -> tuple[str, ...]:
    """``"2.15, 2.21"`` -> ("2.15", "2.21")."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


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
