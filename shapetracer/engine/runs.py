"""Running a project's scripts (``run_script``: one script with what it imports), from the
cache where nothing they read changed, else here or on several processes.

``check --jobs N`` gives the same output as ``--jobs 1``: the runs are independent (each
has its own analysis), the pool (``engine.workers``) hands their results back in the order
of the runs, and the merge that follows reads them in that order.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import replace
from pathlib import Path
from typing import Callable

from shapetracer.engine.cache import Cache, options_text
from shapetracer.engine.results import RunResult, target_for_file
from shapetracer.engine.workers import Workers
from shapetracer.options import Options
from shapetracer.project import Project
from shapetracer.rules.findings import Finding, Related


def run_script(entry: Path, project: Project, options: Options, keep_logs: bool = False) -> RunResult:
    """The shape pass of one run: the script at ``entry`` with what it imports.  ``keep_logs``:
    the result keeps the shape and expression logs (``options.keep_shapes`` and
    ``expression_shapes`` say which are made), for an editor's hovers."""
    # imported here, not above: a warm run reads every run from the cache and parses nothing
    from shapetracer import versions
    from shapetracer.domain.analysis import analysing
    from shapetracer.engine import collector, tensorless
    from shapetracer.engine.files import interpret, is_selected, to_finding
    from shapetracer.frontend.program import read_program
    from shapetracer.frontend.source import MAX_SHAPE_BYTES, SourceProblem
    from shapetracer.projectchecks import checks

    shown = project.display(entry)
    target = target_for_file(entry, options)
    data = project.read(entry)
    if data is None or (len(data) > MAX_SHAPE_BYTES and not shown.lower().endswith(".ipynb")):
        return RunResult(shown, target=target)  # the file's own pass says why
    with collector.reclaiming(enabled=not (options.keep_shapes and keep_logs)):
        parsed, cells = read_program(data, shown, entry, keep=True, blank=True)
        if isinstance(parsed, SourceProblem) or parsed.module is None:
            return RunResult(shown, target=target)
        if options.target is None:  # nothing but the environment chose it: the code may say better
            target = versions.from_code(target, parsed.tree)
        target = versions.for_program(target, parsed.text)
        if tensorless.skips_shape_pass(entry, parsed, options, project, lambda code: is_selected(code, options, shown),
                                       cells is not None):
            return RunResult(shown, target=target, cells=cells)
        with analysing():
            interpreter = interpret(shown, entry, parsed, options, target, project)
        file_reads = checks.file_events(interpreter) \
            if checks.wants_file_events(options, lambda code: is_selected(code, options, shown)) else []
        if not keep_logs:
            interpreter.release()
        findings = []
        for report in interpreter.reports:
            finding = to_finding(report)
            if report.trail and finding.path != shown:
                finding = replace(finding, related=finding.related + _trail(report, finding))
            findings.append(finding)
        result = RunResult(shown, findings, interpreter.stats, target, cells, file_reads)
        if keep_logs:
            result.shape_log = interpreter.shape_log or []
            result.expression_log = interpreter.expression_log or []
        return result


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


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def run_all(runs: list[Path], project: Project, options: Options,
            progress: Callable[[int], None] | None = None, cache: Cache | None = None,
            workers: Workers | None = None) -> list[RunResult]:
    """The result of each run, in the order of ``runs``; those the cache lacks are made
    on ``workers`` (here, one after another, without)."""
    cache = cache or Cache(None)
    workers = workers or Workers(project, options, 1)
    keys = RunKeys(cache, project, options) if cache.enabled else None
    done: dict[Path, RunResult] = {}
    todo = []
    for entry in runs:
        hit = cache.load(keys.of(entry)) if keys is not None else None
        if isinstance(hit, RunResult):
            done[entry] = hit
            if progress is not None:
                progress(1)
        else:
            todo.append(entry)
    weights = [_size(project, entry) for entry in todo] if workers.jobs > 1 else None
    for entry, result in zip(todo, workers.map(_run_task, todo, weights)):
        done[entry] = result
        if keys is not None:
            cache.store(keys.of(entry), result)
        if progress is not None:
            progress(1)
    return [done[entry] for entry in runs]


def _run_task(project: Project, options: Options, entry: Path) -> RunResult:
    return run_script(entry, project, options)


def _size(project: Project, entry: Path) -> int:
    """The bytes a run reads: how long it will take, roughly."""
    total = 0
    for file in project.reached(entry):
        data = project.read(file)
        total += len(data) if data is not None else 0
    return total


class RunKeys:
    """A run's cache key: what it reads (the project files it reaches, by path and
    content), its target and the options."""

    def __init__(self, cache: Cache, project: Project, options: Options) -> None:
        self.cache = cache
        self.project = project
        self.options = options
        self.options_text = options_text(options)
        self._digests: dict[Path, str] = {}
        self._keys: dict[Path, str] = {}

    def of(self, entry: Path) -> str:
        if entry not in self._keys:
            parts = [self.options_text, repr(target_for_file(entry, self.options))]
            for file in self.project.reached(entry):
                parts.append(self.project.display(file))
                parts.append(self._digest(file))
            self._keys[entry] = self.cache.key("run", *parts)
        return self._keys[entry]

    def _digest(self, file: Path) -> str:
        if file not in self._digests:
            data = self.project.read(file)
            self._digests[file] = hashlib.sha256(data).hexdigest() if data is not None else "-"
        return self._digests[file]
