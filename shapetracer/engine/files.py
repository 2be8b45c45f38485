"""Checking files: read, parse, interpret, turn reports into findings.

This is the one place that knows every pass; the CLI, the batch scan and the
study all call ``check_source`` / ``check_paths``.
"""

from __future__ import annotations

import fnmatch
import gc
import os
import stat
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator

from shapetracer.rules import codes
from shapetracer.domain.analysis import analysing
from shapetracer.domain.dims import Origin
from shapetracer.rules.message import Message
from shapetracer.domain.target import Target

from shapetracer.frontend.interpreter import Interpreter, Report, Statistics
from shapetracer.frontend.scope import ModuleScope
from shapetracer.frontend.program import read_program
from shapetracer.frontend.source import MAX_SHAPE_BYTES, CellMap, ParsedSource, SourceProblem
from shapetracer import versions
from shapetracer.rules import suppressions
from shapetracer.options import Options  # noqa: F401 - the engine's options, re-exported
from shapetracer.projectchecks import checks
from shapetracer.rules.findings import Finding, Related
from shapetracer.rules.codes import RULES


def tune_collector() -> None:
    """Tune CPython's garbage collector for checking many files, and take back each file's
    memory after it (``check_source``): for a main that runs analyses (the CLI, a scan
    worker, the language server), never done on import, so a program that embeds the
    engine keeps the collector it had.

    An analysis allocates millions of short-lived objects (syntax nodes, abstract values,
    Z3 references) and few reference cycles, and CPython's default collector walks the
    long-lived tables (op specs, libcst's and Z3's modules) again at every full collection.
    Those tables are frozen out of the collector (here, and after each file, as the op
    families load when programs first need them), and the youngest generation is collected
    after 100,000 allocations instead of 700: an analysis keeps most of what it
    makes until its file is done, so young collections mostly promote it, and the older
    generations are walked ten times less often than with 10,000 (on the 885 real-world
    files, the collector's time fell from 4.8 s to about 2.6 s of the shape pass)."""
    global _tuned
    if _tuned:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 10, 10)
    _tuned = True


_tuned = False  # tune_collector() was called: check_source reclaims each file's memory

# memory blocks in use after the collector's last walk of everything (None: no file yet)
_blocks_after_sweep: int | None = None
# The engine holds 0.28 M memory blocks once imported, 0.64 M after its first file (the API
# model and the op tables load on first use), and a run over the 885 real-world files settles
# at 1.2-1.3 M (parses kept for the files that import them, caches).  Counted from import with
# a doubling as the trigger, every run of some size made a full walk, 170-250 ms charged to
# one file, that found nothing (DDPG_Continuous.py took 602 ms instead of 261).  Counted from
# the first file, three times is past that settled size.
_SWEEP_GROWTH = 3


@dataclass
class FileResult:
    path: str
    findings: list[Finding]
    stats: Statistics = field(default_factory=Statistics)
    shape_log: list = field(default_factory=list)
    status: str = "ok"  # ok | parse_error | unreadable
    target: Target = field(default_factory=Target)  # the TensorFlow it was checked against, and why
    cells: CellMap | None = None  # a notebook's: shape_log lines are of the joined cells, findings are placed
    expression_log: list = field(default_factory=list)  # with Options.expression_shapes: each expression's tensor
    file_reads: list = field(default_factory=list)  # projectchecks.files.FileEvent: what the run reads and writes


def check_source(data: bytes, display_path: str, file: Path | None = None,
                 options: Options | None = None) -> FileResult:
    """Analyse one file's bytes; never raises for bad input."""
    options = options or Options()
    if options.keep_shapes or not _tuned:  # the result holds the analysis: its memory goes with the result
        return _check_source(data, display_path, file, options)
    collections = _collections()
    result = _check_source(data, display_path, file, options)
    _reclaim(collections)
    return result


def _collections() -> list[int]:
    return [generation["collections"] for generation in gc.get_stats()]


def _reclaim(before: list[int]) -> None:
    """Take back the memory of the file just analysed, charged to that file (once
    ``tune_collector`` was called: it freezes what survives, which is the collector's
    business of the main that tuned it).

    An analysis is a web of reference cycles (scopes, functions, the values that name
    them).  ``Interpreter.release`` cuts the largest, but values still name each other (an
    instance and its bound methods): left to the collector, what remains of each file came
    back in a pause of 100-300 ms inside some later file, whichever crossed the threshold.
    When nothing of the analysis is kept, it is all garbage here, in the youngest
    generations the collector has not yet moved it out of.

    What outlives the collection is long-lived (parses kept for other analyses, the API
    model, caches), so it is frozen out of the collector: left in, the parses kept, a
    quarter of a million objects, were walked again at every older collection, in pauses
    of 100-250 ms charged to whichever file crossed a threshold (on the 885 real-world
    files, the collector's time fell from 1.6 s to 0.8-1.5 s, and no pause is over 50 ms).
    A frozen object that later becomes part of a garbage cycle is never collected, so when
    the memory in use has grown ``_SWEEP_GROWTH`` times since the last full walk, everything
    is walked once more: what a caller embedding the engine holds and drops is kept at most
    that long.  (The memory blocks are counted in constant time; ``gc.get_freeze_count``
    walks the frozen objects, 30-60 ms a call.)  Over three passes of the 885 real-world
    files the frozen set stays at 496,262 objects, and unfrozen, none of them is garbage."""
    global _blocks_after_sweep
    after = _collections()
    if after[1] > before[1] or after[2] > before[2]:
        generation = 2  # an older collection during the file moved some of it to the oldest
    elif after[0] > before[0]:
        generation = 1
    else:
        generation = 0
    gc.collect(generation)
    gc.freeze()
    if _blocks_after_sweep is None:
        _blocks_after_sweep = sys.getallocatedblocks()
    elif sys.getallocatedblocks() > _SWEEP_GROWTH * _blocks_after_sweep:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _blocks_after_sweep = sys.getallocatedblocks()


def _check_source(data: bytes, display_path: str, file: Path | None, options: Options) -> FileResult:
    target = target_for_file(file, options)
    # Without the shapes: a kept tree costs the collector nothing (frozen at the end), and no fix
    # renders it, so its large tables may be blanked (frontend/blank_tables.py).
    released = not options.keep_shapes
    if len(data) > MAX_SHAPE_BYTES and not display_path.lower().endswith(".ipynb"):
        return FileResult(display_path, _filter([_too_large(display_path, len(data))], options, display_path),
                          target=target)
    parsed, cells = read_program(data, display_path, _resolved(file), keep=released, blank=released)
    if isinstance(parsed, SourceProblem):
        finding = Finding.of(parsed.code, parsed.message, display_path, parsed.line, parsed.column,
                             parsed.line, parsed.column + 1)
        status = "unreadable" if parsed.code == codes.UNREADABLE_FILE else "parse_error"
        return FileResult(display_path, in_cells(_filter([finding], options, display_path), cells, display_path),
                          status=status, target=target, cells=cells)
    if options.target is None:  # nothing but the environment chose it: the code may say better
        target = versions.from_code(target, parsed.tree)
    target = versions.for_program(target, parsed.text)
    if parsed.module is None:  # a notebook whose code cells together pass the bound
        return FileResult(display_path, _filter([_too_large(display_path, len(parsed.text))], options, display_path),
                          target=target)
    findings, stats, shape_log, expression_log, file_reads = _shape_pass(display_path, file, parsed, options, target)
    if options.generic:
        findings.extend(_generic(parsed, display_path, options))
    findings.extend(_project_pass(parsed, data, display_path, file, options, file_reads))
    findings = _filter(findings, options, display_path)
    findings = suppressions.apply(findings, parsed.text, display_path,
                                  report_unused=_selected(codes.UNUSED_SUPPRESSION, options, display_path))
    return FileResult(display_path, sorted(in_cells(findings, cells, display_path), key=Finding.sort_key),
                      stats, shape_log, target=target, cells=cells, expression_log=expression_log,
                      file_reads=file_reads)


def _too_large(display_path: str, size: int) -> Finding:
    """The note of a file over the size bound, made before it is parsed: megabytes of
    generated code (tables, exported graphs) would cost CPython's parser, libcst and
    pyflakes seconds for a file no one reads by hand."""
    return Finding.of(codes.TOO_COMPLEX, Message("analysis skipped: the file is {size} bytes, over the "
                                                 "{bound}-byte bound", size=size, bound=MAX_SHAPE_BYTES),
                      display_path, 1, 1, 1, 2)


def _shape_pass(display_path: str, file: Path | None, parsed: ParsedSource, options: Options,
                target: Target) -> tuple[list[Finding], Statistics, list, list, list]:
    """The shape findings of one parsed file, with the interpreter's statistics and logs, and
    the files the run reads and writes when a file check may want them."""
    with analysing():  # symbol bounds and side tables of this file only, dropped after it
        interpreter = _interpret(display_path, file, parsed, options, target)
    file_reads = checks.file_events(interpreter) \
        if checks.wants_file_events(options, lambda code: _selected(code, options, display_path)) else []
    if not options.keep_shapes:
        interpreter.release()
    # Positions cost a walk of the whole tree: make them only for reports that are shown.
    findings = [_to_finding(r) for r in interpreter.reports if _selected(r.code, options, display_path)]
    return findings, interpreter.stats, interpreter.shape_log or [], interpreter.expression_log or [], file_reads


def _resolved(file: Path | None) -> Path | None:
    """The file's real path (the key its parse is shared under with the files importing it)."""
    if file is None:
        return None
    try:
        return file.resolve()
    except (OSError, RuntimeError):
        return None


def in_cells(findings: list[Finding], cells: CellMap | None, path: str) -> list[Finding]:
    """A notebook's findings moved from joined-text lines to (cell, line in cell); the
    last step, after suppressions and selection read the joined text."""
    if cells is None:
        return findings
    placed = []
    for finding in findings:
        if finding.path != path:
            placed.append(finding)
            continue
        cell, line = cells.locate(finding.line)
        end_cell, end_line = cells.locate(finding.end_line)
        end = (end_line, finding.end_column) if end_cell == cell else (line, finding.column + 1)
        related = tuple(replace(r, cell=c, line=n) if r.path == path else r
                        for r in finding.related for c, n in [cells.locate(r.line)])
        placed.append(replace(finding, cell=cell, line=line, end_line=end[0], end_column=end[1], related=related))
    return placed


def target_for_file(file: Path | None, options: Options) -> Target:
    """The TensorFlow a file is checked against: the options' (flag, config, a scan's job),
    else what its project pins or the environment has (``versions.resolve``)."""
    if options.target is not None:
        return options.target
    return versions.resolve(file, None)


def _generic(parsed: ParsedSource, display_path: str, options: Options) -> list[Finding]:
    try:
        from shapetracer.generic import generic_findings
    except ImportError:
        return []
    return generic_findings(display_path, parsed.text, options.with_pylint, parsed.tree)


def project_findings(data: bytes, display_path: str, options: Options, file_reads: list | None = None,
                     file: Path | None = None) -> list[Finding]:
    """The project checks alone (``options.workspace``'s), selected, suppressed and placed in
    a notebook's cells as ``check_source`` does: for a script whose analysis a scan took from
    its cache, whose job is another."""
    parsed, cells = read_program(data, display_path, _resolved(file), keep=False, blank=False)
    if isinstance(parsed, SourceProblem):
        return []
    findings = _filter(_project_pass(parsed, data, display_path, file, options, file_reads or []), options,
                       display_path)
    findings = suppressions.apply(findings, parsed.text, display_path, report_unused=False)
    return sorted(in_cells(findings, cells, display_path), key=Finding.sort_key)


def _project_pass(parsed: ParsedSource, data: bytes, display_path: str, file: Path | None,
                  options: Options, file_reads: list) -> list[Finding]:
    """What only the file's project or job shows (shapetracer/projectchecks/checks.py)."""
    return checks.project_findings(parsed, data, display_path, file, options, file_reads,
                                   lambda code: _selected(code, options, display_path))


def check_file(path: Path, options: Options | None = None) -> FileResult:
    display = display_path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        finding = Finding.of(codes.UNREADABLE_FILE, Message("cannot read the file: {detail}",
                                                            detail=str(exc.strerror or exc)), display, 1, 1, 1, 2)
        return FileResult(display, [finding], status="unreadable",
                          target=target_for_file(path, options or Options()))
    return check_source(data, display, path, options)


def check_paths(paths: Iterable[Path], options: Options | None = None,
                exclude: Callable[[Path], bool] | None = None) -> Iterator[FileResult]:
    for file in iter_python_files(paths, exclude):
        yield check_file(file, options)


def iter_python_files(paths: Iterable[Path], exclude: Callable[[Path], bool] | None = None) -> Iterator[Path]:
    """Files as given, folders recursively (``*.py``, ``*.ipynb``), each once, symlink loops cut."""
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir():
            for root, dirs, files in os.walk(path, followlinks=False):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("__pycache__",)
                                 and not (exclude and exclude(Path(root) / d)))
                for name in sorted(files):
                    if name.endswith((".py", ".ipynb")):
                        candidate = Path(root) / name
                        if exclude and exclude(candidate) or not _regular(candidate):
                            continue
                        key = _identity(candidate)
                        if key not in seen:
                            seen.add(key)
                            yield candidate
        elif not (exclude and exclude(path)):
            key = _identity(path)
            if key not in seen:
                seen.add(key)
                yield path


def _regular(path: Path) -> bool:
    """Only regular files are read: a FIFO or device named *.py would block or never end."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return True  # let check_file report why it cannot be read


def _identity(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)



def _interpret(display_path: str, file: Path | None, parsed, options: Options, target: Target) -> Interpreter:
    interpreter = Interpreter(options.bounds, options.limits, options.possible_failures, target=target)
    if not options.keep_shapes:
        interpreter.shape_log = None
    if options.expression_shapes:
        interpreter.expression_log = []
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(max(limit, 20_000))
        interpreter.run_file(display_path, file, parsed)
    except RecursionError:
        # the interpreter's current scope may be gone by now: name the module directly
        scope = ModuleScope(display_path, file, parsed.text, parsed.module, tree=parsed.tree, tables=parsed.tables)
        interpreter.report(codes.TOO_COMPLEX,
                           Message("nesting too deep for the analysis; the rest of the file was skipped"),
                           Origin(display_path, parsed.module, scope))
    finally:
        sys.setrecursionlimit(limit)
    return interpreter

def _to_finding(report: Report) -> Finding:
    line, column, end_line, end_column = report.site.position
    related: list[Related] = []
    seen_lines = {(report.site.path, line)}
    # One related entry per line; where a site ran several times (a helper called twice),
    # its latest result is the one that took part.
    for origin in sorted(report.related, key=lambda o: (o.path, o.line, -o.seq, o.label, o.shape_text)):
        key = (origin.path, origin.line)
        if key in seen_lines:
            continue
        seen_lines.add(key)
        related.append(Related(origin.path, origin.line, origin.column, origin.describe() or "involved here",
                               origin.snippet, args=dict(origin.args)))
    return Finding.of(report.code, report.message, report.site.path, line, column, end_line, end_column,
                      related=tuple(related), confidence=report.confidence, snippet=report.site.snippet)


def _selected(code: str, options: Options, path: str = "") -> bool:
    rule = RULES.get(code)
    if rule is None:
        return True
    if any(code.startswith(prefix) for prefix in options.ignore | _per_file(options, path)):
        return False
    if any(code.startswith(prefix) for prefix in options.extend_select):
        return True
    if options.select is not None:
        return any(code.startswith(prefix) for prefix in options.select)
    if code == codes.POSSIBLE_FAILURE:
        return options.possible_failures
    if rule.family == "note":
        return options.show_notes
    if code == codes.MISSING_FILE:  # off for a repository, whose data is kept elsewhere; on for a job
        return options.workspace is not None and options.workspace.is_job
    return rule.enabled_by_default


def _per_file(options: Options, path: str) -> frozenset[str]:
    if not options.per_file_ignores or not path:
        return frozenset()
    codes: set[str] = set()
    for pattern, values in options.per_file_ignores.items():
        if fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(Path(path).name, pattern):
            codes.update(v.upper() for v in values)
    return frozenset(codes)


def _filter(findings: list[Finding], options: Options, path: str) -> list[Finding]:
    """Selection and de-duplication (suppression comments are applied after)."""
    unique: dict[tuple, Finding] = {}
    for finding in findings:
        if _selected(finding.code, options, path):
            unique.setdefault((finding.path, finding.line, finding.column, finding.code, finding.message), finding)
    return sorted(unique.values(), key=Finding.sort_key)
