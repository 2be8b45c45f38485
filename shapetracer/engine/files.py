"""Checking one file: read, parse, interpret, turn reports into findings.

Each file is its own entry point here (its imports resolved and run with it): the editor,
the batch scan of single scripts, the study and the fixes' verification call
``check_source``; a whole project's folders go through ``engine.project`` instead.
"""

from __future__ import annotations

import fnmatch
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.domain.target import Target

from shapetracer.frontend.statistics import Statistics
from shapetracer.project import Project
from shapetracer.frontend.program import read_program
from shapetracer.frontend.source import MAX_SHAPE_BYTES, CellMap, ParsedSource, SourceProblem
from shapetracer import versions
from shapetracer.engine import collector, tensorless
from shapetracer.rules import suppressions
from shapetracer.options import Options  # noqa: F401 - the engine's options, re-exported
from shapetracer.projectchecks import checks
from shapetracer.rules.findings import Finding, Related
from shapetracer.rules.codes import RULES
from shapetracer.engine.results import FileResult, target_for_file  # noqa: F401 - re-exported
from shapetracer.engine.paths import display_path, iter_python_files  # noqa: F401 - re-exported

if TYPE_CHECKING:  # the interpreter is imported by the first file that needs it (engine.tensorless)
    from shapetracer.frontend.interpreter import Interpreter, Report


def check_source(data: bytes, display_path: str, file: Path | None = None,
                 options: Options | None = None) -> FileResult:
    """Analyse one file's bytes; never raises for bad input."""
    options = options or Options()
    with collector.reclaiming(enabled=not options.keep_shapes):  # a kept analysis goes with the result
        return _check_source(data, display_path, file, options)


def _check_source(data: bytes, display_path: str, file: Path | None, options: Options) -> FileResult:
    target = target_for_file(file, options)
    # Without the shapes: a kept tree costs the collector nothing (frozen at the end), and no fix
    # renders it, so its large tables may be blanked (frontend/blank_tables.py).
    released = not options.keep_shapes
    if len(data) > MAX_SHAPE_BYTES and not display_path.lower().endswith(".ipynb"):
        return FileResult(display_path, filter_findings([too_large(display_path, len(data))], options, display_path),
                          target=target)
    parsed, cells = read_program(data, display_path, _resolved(file), keep=released, blank=released)
    if isinstance(parsed, SourceProblem):
        return unparsed(parsed, display_path, options, target, cells)
    if options.target is None:  # nothing but the environment chose it: the code may say better
        target = versions.from_code(target, parsed.tree)
    target = versions.for_program(target, parsed.text)
    if parsed.module is None:  # a notebook whose code cells together pass the bound
        return FileResult(display_path, filter_findings([too_large(display_path, len(parsed.text))], options, display_path),
                          target=target)
    selected = lambda code: is_selected(code, options, display_path)  # noqa: E731
    if tensorless.skips_shape_pass(file, parsed, options, None, selected, cells is not None):
        findings, stats, shape_log, expression_log, file_reads = [], Statistics(), [], [], []
    else:
        findings, stats, shape_log, expression_log, file_reads = _shape_pass(display_path, file, parsed, options,
                                                                             target)
    if options.generic:
        findings = with_generic_findings(findings, parsed, display_path, options)
    findings.extend(project_pass(parsed, data, display_path, file, options, file_reads))
    findings = filter_findings(findings, options, display_path)
    findings = suppressions.apply(findings, parsed.text, display_path,
                                  report_unused=is_selected(codes.UNUSED_SUPPRESSION, options, display_path))
    return FileResult(display_path, sorted(in_cells(findings, cells, display_path), key=Finding.sort_key),
                      stats, shape_log, target=target, cells=cells, expression_log=expression_log,
                      file_reads=file_reads)


def too_large(display_path: str, size: int) -> Finding:
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
    from shapetracer.domain.analysis import analysing  # the solver's: only for a run that has tensors

    with analysing():  # symbol bounds and side tables of this file only, dropped after it
        interpreter = interpret(display_path, file, parsed, options, target)
    file_reads = checks.file_events(interpreter) \
        if checks.wants_file_events(options, lambda code: is_selected(code, options, display_path)) else []
    if not options.keep_shapes:
        interpreter.release()
    # Positions cost a walk of the whole tree: make them only for reports that are shown.
    findings = [to_finding(r) for r in interpreter.reports if is_selected(r.code, options, display_path)]
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


def with_generic_findings(findings: list[Finding], parsed: ParsedSource, display_path: str,
                          options: Options) -> list[Finding]:
    """The file's analysis findings and the generic pass's (pyflakes, pylint), a problem both
    report (a call the interpreter and pylint both see fail to bind) once."""
    generic = generic_findings(parsed, display_path, options)
    own = [f for f in findings if f.path == display_path and RULES[f.code].family == "python"]
    if not own or not generic:
        return findings + generic
    from shapetracer.generic import fold_into

    folded, generic = fold_into(own, generic)
    mine = {id(f) for f in own}
    return [f for f in findings if id(f) not in mine] + folded + generic


def generic_findings(parsed: ParsedSource, display_path: str, options: Options) -> list[Finding]:
    try:
        from shapetracer.generic import generic_findings
    except ImportError:
        return []
    return generic_findings(display_path, parsed.text, options.with_pylint, parsed.tree)


def project_findings(data: bytes, display_path: str, options: Options, file_reads: list | None = None,
                     file: Path | None = None) -> list[Finding]:
    """The project checks alone (``options.workspace``'s), selected, suppressed and placed in
    a notebook's cells as ``check_source`` does: for a script whose analysis a scan took from
    its cache, whose job is another.  The checks read CPython's tree and the text only, so no
    libcst tree is made (in a scan it was a quarter of each job's time)."""
    parsed, cells = read_program(data, display_path, _resolved(file), keep=False, blank=False, with_cst=False)
    if isinstance(parsed, SourceProblem):
        return []
    findings = filter_findings(project_pass(parsed, data, display_path, file, options, file_reads or []), options,
                               display_path)
    findings = suppressions.apply(findings, parsed.text, display_path, report_unused=False)
    return sorted(in_cells(findings, cells, display_path), key=Finding.sort_key)


def project_pass(parsed: ParsedSource, data: bytes, display_path: str, file: Path | None,
                 options: Options, file_reads: list) -> list[Finding]:
    """What only the file's project or job shows (shapetracer/projectchecks/checks.py)."""
    return checks.project_findings(parsed, data, display_path, file, options, file_reads,
                                   lambda code: is_selected(code, options, display_path))


def unparsed(problem: SourceProblem, display_path: str, options: Options, target: Target,
             cells: CellMap | None) -> FileResult:
    """The result of a file that cannot be read or parsed: its one ST0xx finding."""
    finding = Finding.of(problem.code, problem.message, display_path, problem.line, problem.column,
                         problem.line, problem.column + 1)
    status = "unreadable" if problem.code == codes.UNREADABLE_FILE else "parse_error"
    return FileResult(display_path, in_cells(filter_findings([finding], options, display_path), cells, display_path),
                      status=status, target=target, cells=cells)


def unreadable(display: str, exc: OSError, target: Target) -> FileResult:
    """The result of a file that cannot be read: one ST003 saying why."""
    finding = Finding.of(codes.UNREADABLE_FILE, Message("cannot read the file: {detail}",
                                                        detail=str(exc.strerror or exc)), display, 1, 1, 1, 2)
    return FileResult(display, [finding], status="unreadable", target=target)


def check_file(path: Path, options: Options | None = None) -> FileResult:
    display = display_path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return unreadable(display, exc, target_for_file(path, options or Options()))
    return check_source(data, display, path, options)


def check_paths(paths: Iterable[Path], options: Options | None = None,
                exclude: Callable[[Path], bool] | None = None) -> Iterator[FileResult]:
    for file in iter_python_files(paths, exclude):
        yield check_file(file, options)


def interpret(display_path: str, file: Path | None, parsed, options: Options, target: Target,
               project: Project | None = None) -> Interpreter:
    """Run the interpreter over one entry file; ``project``: where its imports lead (None:
    the file's own folder)."""
    from shapetracer.domain.dims import Origin
    from shapetracer.engine.datastack import in_one_chunk
    from shapetracer.frontend.interpreter import Interpreter
    from shapetracer.frontend.scope import ModuleScope

    interpreter = Interpreter(options.bounds, options.limits, options.possible_failures, target=target,
                              project=project)
    if not options.keep_shapes:
        interpreter.shape_log = None
    if options.expression_shapes:
        interpreter.expression_log = []
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(max(limit, 20_000))
        in_one_chunk(lambda: interpreter.run_file(display_path, file, parsed))  # engine/datastack.py
    except RecursionError:
        # the interpreter's current scope may be gone by now: name the module directly
        scope = ModuleScope(display_path, file, parsed.text, parsed.module, tree=parsed.tree, tables=parsed.tables)
        interpreter.report(codes.TOO_COMPLEX,
                           Message("nesting too deep for the analysis; the rest of the file was skipped"),
                           Origin(display_path, parsed.module, scope))
    finally:
        sys.setrecursionlimit(limit)
    return interpreter

def to_finding(report: Report) -> Finding:
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


def is_selected(code: str, options: Options, path: str = "") -> bool:
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


def filter_findings(findings: list[Finding], options: Options, path: str) -> list[Finding]:
    """Selection and de-duplication (suppression comments are applied after)."""
    unique: dict[tuple, Finding] = {}
    for finding in findings:
        if is_selected(finding.code, options, path):
            unique.setdefault((finding.path, finding.line, finding.column, finding.code, finding.message), finding)
    return sorted(unique.values(), key=Finding.sort_key)
