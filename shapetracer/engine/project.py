"""Checking a project: one run per script, each finding once.

A repository is not a set of independent files.  ``train.py`` and ``evaluate.py`` import
``models.py`` and ``utils.py``; a bug in ``models.py`` is reached from both, and a helper
that reads ``settings.NUM_FEATURES`` sees the value ``train.py`` wrote there first.  So the
checked paths are read as a project (``shapetracer.project``: its root, its imports
resolved as Python would, the modules run as scripts), and

- each file gets its own pass once: can it be read and parsed (ST0xx), pyflakes (ST3xx),
  its suppression comments;
- the shape pass runs once per *run*: each script that reaches a checked file, with every
  project module it imports (and the functions no caller reached, once, with unknown
  arguments); a checked module nothing imports is a run of its own;
- the findings of all runs are merged: one per site and code.  Where several runs reach
  a site, the first run in path order names it, with the trail of calls and imports that
  reach it from its script as related lines ("reached from train.py:42"), and the others
  are counted on a related line of their own;
- only the checked files' findings are reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable

from shapetracer.engine.cache import Cache, content_bytes, options_text
from shapetracer.engine.paths import iter_python_files
from shapetracer.engine.results import FileResult, RunResult, target_for_file
from shapetracer.engine.runs import run_all
from shapetracer.engine.workers import Workers
from shapetracer.options import Options
from shapetracer.project import Project, load_project
from shapetracer.project.root import common_root
from shapetracer.rules.findings import Finding, Related


@dataclass
class Plan:
    """What checking some paths as a project will do: the files to report on, the project
    they belong to, and the runs (scripts) that cover them, in path order."""

    targets: list[Path]
    project: Project | None
    runs: list[Path]
    cache: Cache = field(default_factory=lambda: Cache(None))  # in the project's root, when asked for


def plan(paths: Iterable[Path], exclude: Callable[[Path], bool] | None = None, cached: bool = False) -> Plan:
    """``cached``: the plan's cache is the project root's, and the modules' summaries (their
    imports, ``sys.path`` changes, whether they run) are read from it and kept there, by each
    file's content: a warm run parses nothing."""
    targets = list(iter_python_files(list(paths), exclude))
    if not targets:
        return Plan([], None, [])
    root = common_root(targets)
    cache = Cache(root if cached else None)
    key = cache.key("modules", str(cache.folder)) if cache.enabled else ""
    known = cache.load(key) if cache.enabled else None
    project = load_project(targets, known if isinstance(known, dict) else None, root)
    work = Plan(targets, project, project.analyses([_resolved(t) for t in targets]), cache)
    if cache.enabled:
        kept = {(file, digest): module for (file, digest), module in project.known.items()
                if project.modules.get(file) is module}
        if kept != known:
            cache.store(key, kept)
    return work


def check_project(paths: Iterable[Path], options: Options,
                  exclude: Callable[[Path], bool] | None = None,
                  progress: Callable[[int], None] | None = None, planned: Plan | None = None,
                  cache: Cache | None = None, jobs: int = 1) -> list[FileResult]:
    """The findings of the files under ``paths``, checked as one project (see the module's
    docstring), one result per checked file in path order.  ``progress`` is told of each
    run done; ``planned``: the ``plan`` of these paths, when the caller made it already;
    ``cache``: where runs and files' results are kept (``engine.cache``); ``jobs``: the
    processes the runs and then the files' own passes are spread over (``engine.workers``)."""
    work = planned or plan(paths, exclude)
    if work.project is None:
        return []
    cache = cache or Cache(None)
    with Workers(work.project, options, jobs) as workers:
        results = run_all(work.runs, work.project, options, progress, cache, workers) if work.runs else []
        shown = {work.project.display(_resolved(t)) for t in work.targets}
        merged = merge(results, shown)
        return file_results(work.targets, work.project, options, merged, results, cache, workers)


def merge(results: list[RunResult], shown: set[str]) -> dict[str, list[Finding]]:
    """The findings of every run in the checked files, one per site and code: the first run
    (in path order) names a site; the others that reach it are counted on one related line,
    at the place the second run reaches it from."""
    first: dict[tuple, tuple[Finding, str]] = {}
    others: dict[tuple, dict[str, Finding]] = {}
    for result in results:
        for finding in result.findings:
            if finding.path not in shown:
                continue
            key = (finding.path, finding.cell, finding.line, finding.column, finding.code)
            if key not in first:
                first[key] = (finding, result.entry)
            elif result.entry != first[key][1]:
                others.setdefault(key, {}).setdefault(result.entry, finding)
    merged: dict[str, list[Finding]] = {}
    for key, (finding, _) in first.items():
        also = others.get(key)
        if also:
            finding = replace(finding, related=finding.related + (_also_reached(finding, also),))
        merged.setdefault(finding.path, []).append(finding)
    return merged


def _also_reached(finding: Finding, also: dict[str, Finding]) -> Related:
    """One related line for the other runs that reach a finding's site: the first line of the
    first of them that takes part (the call that reaches the site, else the script's first
    line), naming them."""
    entries = sorted(also)
    second = also[entries[0]]
    step = next((r for r in second.related if r.path == entries[0]), None)
    names = ", ".join(entries[:3]) + (f" and {len(entries) - 3} more" if len(entries) > 3 else "")
    message = f"also reached from {names}" + ("" if second.message == finding.message else " (with other values)")
    if step is not None:
        return Related(step.path, step.line, step.column, message, step.snippet,
                       args={"runs": len(entries) + 1})
    return Related(entries[0], 1, 1, message, args={"runs": len(entries) + 1})


@dataclass(frozen=True)
class FileTask:
    """One checked file's own pass, as a worker gets it: the file, the findings the runs
    made in it, and its own run's result (its target, statistics and file reads), if it is
    a script."""

    target: Path
    findings: tuple[Finding, ...]
    own: RunResult | None


def file_results(targets: list[Path], project: Project, options: Options, merged: dict[str, list[Finding]],
                 results: list[RunResult], cache: Cache, workers: Workers) -> list[FileResult]:
    """Each checked file's result (``_file_task``), in the order of ``targets``: from the
    cache where the file, its target, the options and the runs' findings in it are what they
    were, the others made on ``workers``."""
    by_entry = {result.entry: result for result in results}
    done: list[FileResult | None] = [None] * len(targets)
    todo: list[tuple[int, str | None, FileTask]] = []
    for i, target in enumerate(targets):
        shown = project.display(_resolved(target))
        task = FileTask(target, tuple(merged.get(shown, ())), by_entry.get(shown))
        key = _file_key(cache, task, project, options) if cache.enabled else None
        hit = cache.load(key) if key is not None else None
        if isinstance(hit, FileResult):
            done[i] = hit
        else:
            todo.append((i, key, task))
    weights = [len(project.read(_resolved(task.target)) or b"") for _, _, task in todo] if workers.jobs > 1 else None
    for (i, key, _), result in zip(todo, workers.map(_file_task, [task for _, _, task in todo], weights)):
        done[i] = result
        if key is not None:
            cache.store(key, result)
    return done  # type: ignore[return-value] - every index is filled above


def cached_file_result(target: Path, project: Project, options: Options, merged: dict[str, list[Finding]],
                       results: list[RunResult], cache: Cache) -> FileResult:
    """One checked file's result, from the cache when it can be (``file_results`` for one
    file, here: an editor's open file)."""
    return file_results([target], project, options, merged, results, cache, Workers(project, options, 1))[0]


def _file_key(cache: Cache, task: FileTask, project: Project, options: Options) -> str | None:
    """A file result's cache key: the file's bytes, its target, the options and the runs'
    findings in it (None: the file cannot be read, so nothing is kept)."""
    file = _resolved(task.target)
    data = project.read(file)
    if data is None:
        return None
    shown = project.display(file)
    own = task.own
    return cache.key("file", options_text(options), shown, data,
                     repr(own.target if own is not None else target_for_file(file, options)),
                     content_bytes((list(task.findings), own.stats if own is not None else None)))


def _file_task(project: Project, options: Options, task: FileTask) -> FileResult:
    """A checked file's own pass (reading, parsing, pyflakes, suppressions) with the shape
    findings the runs made in it (``task``: what a worker is given)."""
    # imported here, not above: a warm run reads every file's result from the cache
    from shapetracer import versions
    from shapetracer.engine.files import (
        filter_findings, in_cells, is_selected, project_pass, too_large, unparsed, unreadable, with_generic_findings,
    )
    from shapetracer.frontend.program import read_program
    from shapetracer.frontend.source import MAX_SHAPE_BYTES, SourceProblem
    from shapetracer.frontend.statistics import Statistics
    from shapetracer.rules import codes, suppressions

    file = _resolved(task.target)
    shown = project.display(file)
    own = task.own
    target_version = own.target if own is not None else target_for_file(file, options)
    data = project.read(file)
    if data is None:
        try:
            data = file.read_bytes()  # a job's member is always there; on disk, say why not
        except OSError as exc:
            return unreadable(shown, exc, target_version)
    if len(data) > MAX_SHAPE_BYTES and not shown.lower().endswith(".ipynb"):
        return FileResult(shown, filter_findings([too_large(shown, len(data))], options, shown), target=target_version)
    parsed, cells = read_program(data, shown, file, keep=True, blank=True)
    if isinstance(parsed, SourceProblem):
        return unparsed(parsed, shown, options, target_version, cells)
    if own is None and options.target is None:
        target_version = versions.from_code(target_version, parsed.tree)
    if parsed.module is None:
        return FileResult(shown, filter_findings([too_large(shown, len(parsed.text))], options, shown), target=target_version)
    findings = [f for f in task.findings if is_selected(f.code, options, shown)]
    if options.generic:
        findings = with_generic_findings(findings, parsed, shown, options)
    findings.extend(project_pass(parsed, data, shown, file, options, own.file_reads if own is not None else []))
    findings = filter_findings(findings, options, shown)
    findings = suppressions.apply(findings, parsed.text, shown,
                                  report_unused=is_selected(codes.UNUSED_SUPPRESSION, options, shown))
    stats = own.stats if own is not None else Statistics()
    return FileResult(shown, sorted(in_cells(findings, cells, shown), key=Finding.sort_key), stats, None,
                      target=target_version, cells=cells)


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()
