"""Open files checked within their project, and kept warm between changes.

An editor's file is not checked alone: ``models.py`` is run through the scripts of its
project that import it, as ``check`` runs it (``engine.project``), and the editor's unsaved
buffers stand in for the files on disk (``OpenFiles``).  One pass covers every open file
of a project root: the open files are the checked files of ``check a.py b.py``.

What a pass learns is kept for the next (``Warm``), so a keystroke costs the runs that
read the changed text and nothing else:

- the project model (modules read with ``ast``, resolved imports, the runs), rebuilt only
  when an edit changes a module's imports, ``sys.path`` changes or whether it runs, or
  the open files or the disk change (open, save, close);
- each run's result, keyed as the command line's cache keys it (the bytes of every file
  it reaches, its target, the options): a run that does not read the edited file is not
  run again.  A run whose files' buffers all equal the disk is read from and written to
  the project's ``.shapetracer_cache/``, the one ``check`` uses; a run whose shapes an
  open file shows in its hovers is made here, since the cache keeps no shapes;
- each open file's own pass (parse, pyflakes, suppressions), by its bytes and the runs'
  findings in it;
- each open file's syntax tree: an edit's is made from the previous one, re-using the
  statements it left alone (``reparse``), into the frontend's parse cache, which shares the
  parsed modules with the runs.

A finding is shown in every open file that takes part in it: at its site, and in an open
file of its related lines (the call in ``train.py`` that reaches a bug in ``models.py``,
the line that made a shape) at the first such line, once per file (``Analysis.elsewhere``).
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from shapetracer.config import ConfigError, load_settings
from shapetracer.engine import FileResult, Options
from shapetracer.engine.cache import Cache
from shapetracer.engine.files import is_selected
from shapetracer.engine.project import cached_file_result, merge
from shapetracer.engine.runs import RunKeys, RunResult, run_script
from shapetracer.lsp.convert import Analysis
from shapetracer.lsp.documents import Snapshot
from shapetracer.lsp.reparse import Reparser
from shapetracer.frontend.run import check_cancelled
from shapetracer.frontend.source import ParsedSource, parse_shared
from shapetracer.project import DiskFiles, Project, open_project
from shapetracer.project.model import MAX_MODULE_BYTES, module_of, read_module
from shapetracer.project.root import find_root, forget as forget_roots
from shapetracer.rules import suppressions
from shapetracer.rules.findings import Finding

log = logging.getLogger("shapetracer.lsp")
MAX_KEPT = 512  # own-pass results kept in memory (a few per open file and edit)


class OpenFiles:
    """The disk with the editor's buffers in front (``project.Files``): the project model and
    the interpreter read an open file's unsaved text."""

    def __init__(self, buffers: dict[Path, bytes]) -> None:
        self.buffers = buffers  # resolved path -> the editor's bytes
        self.disk = DiskFiles()

    def is_file(self, path: Path) -> bool:
        return path in self.buffers or self.disk.is_file(path)

    def is_dir(self, path: Path) -> bool:
        return self.disk.is_dir(path)

    def read(self, path: Path) -> bytes | None:
        data = self.buffers.get(path)
        return data if data is not None else self.disk.read(path)

    def python_files(self, paths: Iterable[Path]) -> list[Path]:
        return self.disk.python_files(paths)

    def saved(self, path: Path) -> bool:
        """Whether the editor's text of ``path`` (if open) is what the disk holds."""
        data = self.buffers.get(path)
        return data is None or data == self.disk.read(path)


class MemoryCache(Cache):
    """``engine.cache``'s interface over a bounded dictionary: the own-pass results of this
    editor session."""

    def __init__(self) -> None:
        super().__init__(None)
        self.entries: dict[str, object] = {}

    @property
    def enabled(self) -> bool:
        return True

    def load(self, key: str):
        return self.entries.get(key)

    def store(self, key: str, value) -> None:
        if len(self.entries) >= MAX_KEPT:
            self.entries.pop(next(iter(self.entries)))
        self.entries[key] = value


def root_of(file: Path) -> Path:
    """The project root of a file being opened, looked up afresh (``project.root.forget``):
    the editor outlives the markers it saw at start-up."""
    forget_roots()
    return find_root(file)


@dataclass(frozen=True)
class ProjectSnapshot:
    """The open Python files of one project root, at one moment."""

    root: Path
    documents: tuple[Snapshot, ...]
    # the other open files (of other roots), by resolved path: read in place of the disk
    # where this root's runs import them
    others: tuple[tuple[Path, bytes], ...] = ()
    # whether the pass makes the logs the open files' hovers read (their runs keep every
    # shape); a pass while typing does not, a later one after a pause does
    shapes: bool = True


@dataclass
class Pass:
    """What one pass over a root found: each open file's analysis, the files its runs read."""

    root: Path
    analyses: dict[str, Analysis]
    reached: frozenset[Path] = frozenset()
    ran: list[str] = field(default_factory=list)  # the runs made (not taken from memory or disk)
    shapes: bool = True  # the analyses hold the logs hovers read (``ProjectSnapshot.shapes``)


class Warm:
    """One project root's state between passes (see the module's docstring)."""

    def __init__(self, root: Path, use_disk_cache: bool = True) -> None:
        self.root = root
        self.disk_cache = Cache(root) if use_disk_cache else Cache(None)
        self.runs: dict[str, tuple[RunResult, bool]] = {}  # by key: a result, and whether it has its logs
        self.own = MemoryCache()
        self.project: Project | None = None
        self.buffers: dict[Path, bytes] = {}
        self.disk_changed = True
        self.reparsers: dict[Path, Reparser] = {}  # each open file's parses, by resolved path

    def forget_disk(self) -> None:
        """Files were opened, saved or closed: read the disk and the project model afresh."""
        self.disk_changed = True

    def analyse(self, snapshot: ProjectSnapshot) -> Pass:
        documents = [d for d in snapshot.documents if d.file is not None]
        options = _options(documents) if snapshot.shapes else _key_options(_options(documents))
        checked = sorted(_resolved(d.file) for d in documents)
        buffers = {**dict(snapshot.others), **{_resolved(d.file): d.data for d in documents}}
        self._parse(checked, buffers)
        project = self._project(buffers, checked)
        runs = project.analyses(checked) if checked else []
        # the run whose shapes each open file's hovers show: its own, else the first that reaches it
        shown_by = {file: next((r for r in runs if r == file), None)
                    or next((r for r in runs if file in project.reached(r)), None) for file in checked}
        hover_runs = {r for r in shown_by.values() if r is not None} if snapshot.shapes else set()
        results, ran = self._runs(runs, hover_runs, project, options)
        by_entry = dict(zip(runs, results))
        merged = merge(results, {f.path for r in results for f in r.findings})
        out: dict[str, Analysis] = {}
        own_findings: dict[str, list[Finding]] = {}
        for document in documents:
            check_cancelled()
            file = _resolved(document.file)
            # the own pass is the same with logs or without: one cache entry serves both
            result = self._own_result(document, file, project, _key_options(options), merged, results)
            hover = by_entry.get(shown_by.get(file))
            if hover is not None:
                result = dataclasses.replace(result, shape_log=hover.shape_log, expression_log=hover.expression_log)
            out[document.key] = Analysis(document, result, options, shapes=snapshot.shapes)
            own_findings[document.display_path] = result.findings
        for analysis in out.values():
            analysis.elsewhere = self._elsewhere(analysis, merged, own_findings, project, options)
        reached = frozenset(f for r in runs for f in project.reached(r))
        return Pass(self.root, out, reached, ran, snapshot.shapes)

    # -- the model -----------------------------------------------------------------------
    def _parse(self, checked: list[Path], buffers: dict[Path, bytes]) -> None:
        """Each open file's tree, made from its previous one where the edit left statements
        alone (``reparse``), into the frontend's shared parses, where the model and the runs
        find it."""
        self.reparsers = {f: self.reparsers.get(f) or Reparser() for f in checked if f.suffix == ".py"}
        for file, reparser in self.reparsers.items():
            check_cancelled()
            parse_shared(file, buffers[file], keep=True, blank=True, cst_parser=reparser.parse)

    def _project(self, buffers: dict[Path, bytes], checked: list[Path]) -> Project:
        """The project model, kept while no edit changes what it was built from."""
        project = self.project
        if project is not None and not self.disk_changed and set(buffers) == set(self.buffers) \
                and list(project.checked) == checked:
            changed = [f for f, data in buffers.items() if self.buffers.get(f) != data]
            project.files.buffers = buffers
            if all(_same_module(project, f) for f in changed):
                self.buffers = buffers
                return project
        self.disk_changed = False
        self.buffers = buffers
        self.project = open_project(self.root, OpenFiles(buffers), checked)
        return self.project

    # -- runs ----------------------------------------------------------------------------
    def _runs(self, runs: list[Path], hover_runs: set[Path], project: Project,
              options: Options) -> tuple[list[RunResult], list[str]]:
        """Each run's result: from memory when nothing it reads changed; else from the disk
        cache when no open file needs its shapes; else run here (and written to the disk
        cache when every file it reads is saved)."""
        keys = RunKeys(self.disk_cache, project, _key_options(options))
        kept: dict[str, tuple[RunResult, bool]] = {}
        results, ran = [], []
        try:
            self._run_each(runs, hover_runs, project, options, keys, kept, results, ran)
        except BaseException:  # cancelled by a newer text: keep what was done for the next pass
            self.runs.update(kept)
            raise
        self.runs = kept  # what the open files no longer reach is let go
        return results, ran

    def _run_each(self, runs: list[Path], hover_runs: set[Path], project: Project, options: Options,
                  keys: RunKeys, kept: dict[str, tuple[RunResult, bool]], results: list[RunResult],
                  ran: list[str]) -> None:
        for entry in runs:
            check_cancelled()
            key = keys.of(entry)
            wants_logs = entry in hover_runs
            result, logged = self.runs.get(key, (None, False))
            if result is not None and wants_logs and not logged:
                result = None  # read from the disk before an open file came to need its shapes
            if result is None and not wants_logs:
                hit = self.disk_cache.load(key)
                result = hit if isinstance(hit, RunResult) else None
            if result is None:
                result, logged = run_script(entry, project, options, keep_logs=wants_logs), wants_logs
                ran.append(project.display(entry))
                if all(project.files.saved(f) for f in project.reached(entry)):
                    self.disk_cache.store(key, result.without_logs())
            kept[key] = (result, logged)
            results.append(result)

    # -- each open file ------------------------------------------------------------------
    def _own_result(self, document: Snapshot, file: Path, project: Project, options: Options,
                    merged: dict[str, list[Finding]], results: list[RunResult]) -> FileResult:
        settings_excluded = _excluded(document)
        if settings_excluded:
            return FileResult(document.display_path, [])
        return cached_file_result(file, project, options, merged, results, self.own)

    def _elsewhere(self, analysis: Analysis, merged: dict[str, list[Finding]],
                   own_findings: dict[str, list[Finding]], project: Project, options: Options) -> list[Finding]:
        """The findings sited in another file that this open file takes part in (one of their
        related lines is here), each once, as they are shown at their site: selected and not
        suppressed there."""
        here = analysis.snapshot.display_path
        found = []
        for path, findings in merged.items():
            if path == here:
                continue
            involved = [f for f in findings if any(r.path == here for r in f.related)]
            if not involved:
                continue
            if path in own_findings:  # the site is open: shown there means shown here
                shown = {_site(f) for f in own_findings[path]}
                found += [f for f in involved if _site(f) in shown]
                continue
            involved = [f for f in involved if is_selected(f.code, options, path)]
            data = project.read(_resolved(Path(path)))
            if data is not None and involved:
                involved = suppressions.apply(involved, data.decode("utf-8", "replace"), path, report_unused=False)
            found += involved
        return sorted(found, key=Finding.sort_key)


def _site(finding: Finding) -> tuple:
    return finding.path, finding.line, finding.column, finding.code


def _same_module(project: Project, file: Path) -> bool:
    """Whether an edit of ``file`` leaves the project model as it was: the same imports,
    ``sys.path`` changes, and the same answer to whether it runs.  The buffer is parsed into
    the frontend's shared parses, where the run that follows finds it."""
    before = project.modules.get(file)
    if before is None:
        return True  # a file the model never read (another root's): no import of it changed
    data = project.read(file)
    if data is None:
        return False
    if file.suffix == ".py" and len(data) <= MAX_MODULE_BYTES:
        parsed = parse_shared(file, data, keep=True, blank=True)
        if isinstance(parsed, ParsedSource):
            return module_of(file, project.root, parsed.tree) == before
    return read_module(file, project.root, project.files) == before


def _options(documents: list[Snapshot]) -> Options:
    """The settings as ``check`` reads them, from the first open file's configuration, with
    every expression's shape kept for hovers."""
    options = Options()
    try:
        options = load_settings([documents[0].file] if documents else []).options
    except ConfigError as exc:
        log.warning("shapetracer: %s (using the defaults)", exc)
    return dataclasses.replace(options, expression_shapes=True, keep_shapes=True)


def _excluded(document: Snapshot) -> bool:
    try:
        return load_settings([document.file]).excluded(document.file)
    except ConfigError:
        return False


def _key_options(options: Options) -> Options:
    """The options a run's cache key holds, as ``check`` has them: what is kept for hovers
    changes no finding, so the editor and the command line share entries."""
    return dataclasses.replace(options, expression_shapes=False, keep_shapes=False)


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()
