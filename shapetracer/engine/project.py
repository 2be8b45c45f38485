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

from shapetracer import versions
from shapetracer.domain.analysis import analysing
from shapetracer.domain.target import Target
from shapetracer.engine import collector
from shapetracer.engine.files import (
    FileResult, Options, filter_findings, generic_findings, in_cells, interpret, is_selected, iter_python_files,
    target_for_file, to_finding, too_large, unreadable,
)
from shapetracer.frontend.calls import Statistics
from shapetracer.frontend.program import read_program
from shapetracer.frontend.source import MAX_SHAPE_BYTES, CellMap, SourceProblem
from shapetracer.project import Project, load_project
from shapetracer.rules import codes, suppressions
from shapetracer.rules.findings import Finding, Related


@dataclass
class RunResult:
    """What one run found, in every file it reached (paths as findings name them)."""

    entry: str  # the display path of the script the run started at
    findings: list[Finding] = field(default_factory=list)
    stats: Statistics = field(default_factory=Statistics)
    target: Target = field(default_factory=Target)
    cells: CellMap | None = None  # the entry's, when it is a notebook


@dataclass
class Plan:
    """What checking some paths as a project will do: the files to report on, the project
    they belong to, and the runs (scripts) that cover them, in path order."""

    targets: list[Path]
    project: Project | None
    runs: list[Path]


def plan(paths: Iterable[Path], exclude: Callable[[Path], bool] | None = None) -> Plan:
    targets = list(iter_python_files(list(paths), exclude))
    if not targets:
        return Plan([], None, [])
    project = load_project(targets)
    return Plan(targets, project, project.analyses([_resolved(t) for t in targets]))


def check_project(paths: Iterable[Path], options: Options,
                  exclude: Callable[[Path], bool] | None = None,
                  runner: Callable[..., list[RunResult]] | None = None,
                  progress: Callable[[int], None] | None = None, planned: Plan | None = None) -> list[FileResult]:
    """The findings of the files under ``paths``, checked as one project (see the module's
    docstring), one result per checked file in path order.  ``runner`` runs the scripts
    (default: one after another, here); ``progress`` is told of each run done;
    ``planned``: the ``plan`` of these paths, when the caller made it already."""
    work = planned or plan(paths, exclude)
    if work.project is None:
        return []
    results = (runner or run_all)(work.runs, work.project, options, progress) if work.runs else []
    shown = {work.project.display(_resolved(t)) for t in work.targets}
    merged = merge(results, shown)
    return [_file_result(target, work.project, options, merged, results) for target in work.targets]


def run_all(runs: list[Path], project: Project, options: Options,
            progress: Callable[[int], None] | None = None) -> list[RunResult]:
    done = []
    for entry in runs:
        done.append(run_script(entry, project, options))
        if progress is not None:
            progress(1)
    return done


def run_script(entry: Path, project: Project, options: Options) -> RunResult:
    """The shape pass of one run: the script at ``entry`` with what it imports."""
    shown = project.display(entry)
    target = target_for_file(entry, options)
    data = project.read(entry)
    if data is None or (len(data) > MAX_SHAPE_BYTES and not shown.lower().endswith(".ipynb")):
        return RunResult(shown, target=target)  # the file's own pass says why
    with collector.reclaiming(enabled=not options.keep_shapes):
        parsed, cells = read_program(data, shown, entry, keep=True, blank=True)
        if isinstance(parsed, SourceProblem) or parsed.module is None:
            return RunResult(shown, target=target)
        target = versions.for_program(target, parsed.text)
        with analysing():
            interpreter = interpret(shown, entry, parsed, options, target, project)
        interpreter.release()
        findings = []
        for report in interpreter.reports:
            finding = to_finding(report)
            if report.trail and finding.path != shown:
                finding = replace(finding, related=finding.related + _trail(report, finding))
            findings.append(finding)
        return RunResult(shown, findings, interpreter.stats, target, cells)


def _trail(report, finding: Finding) -> tuple[Related, ...]:
    """The calls and imports that reach a site from the run's script, as related lines (a
    line the conflict names already is not repeated)."""
    seen = {(finding.path, finding.line), *((r.path, r.line) for r in finding.related)}
    steps = []
    for origin in report.trail:
        if (origin.path, origin.line) in seen:
            continue
        seen.add((origin.path, origin.line))
        steps.append(Related(origin.path, origin.line, origin.column, "reached from here", origin.snippet,
                             args={"reached": True}))
    return tuple(steps)


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


def _file_result(target: Path, project: Project, options: Options, merged: dict[str, list[Finding]],
                 results: list[RunResult]) -> FileResult:
    """A checked file's own pass (reading, parsing, pyflakes, suppressions) with the shape
    findings the runs made in it."""
    file = _resolved(target)
    shown = project.display(file)
    own = next((r for r in results if r.entry == shown), None)
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
        finding = Finding.of(parsed.code, parsed.message, shown, parsed.line, parsed.column,
                             parsed.line, parsed.column + 1)
        status = "unreadable" if parsed.code == codes.UNREADABLE_FILE else "parse_error"
        return FileResult(shown, in_cells(filter_findings([finding], options, shown), cells, shown),
                          status=status, target=target_version, cells=cells)
    if parsed.module is None:
        return FileResult(shown, filter_findings([too_large(shown, len(parsed.text))], options, shown), target=target_version)
    findings = [f for f in merged.get(shown, []) if is_selected(f.code, options, shown)]
    if options.generic:
        findings.extend(generic_findings(parsed, shown, options))
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
