"""The ``shapetracer`` command: a click group (check, shapes, rules, explain, scan, study)."""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

import click

from shapetracer import __version__
from shapetracer import flags as command_flags
from shapetracer.config import ConfigError, load_settings
from shapetracer.rules import codes
from shapetracer.rules.codes import RULES
from shapetracer.domain.target import Target
from shapetracer.options import FAIL_SEVERITIES

FORMATS = ("full", "concise", "json", "json-lines", "sarif", "github")


class _Commands(click.Group):
    """A group whose optional commands (scan, study, lsp, report) live in their own
    sub-packages and are imported only when named (or listed by ``--help``): ``check`` on
    one file must not pay for the batch scan's, the study's or the server's imports."""

    OPTIONAL = {"scan": "shapetracer.jobs.cli_scan", "study": "shapetracer.study.cli",
                "lsp": "shapetracer.lsp.cli", "report": "shapetracer.report.cli_report"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx),
                       *(name for name in self.OPTIONAL if self.get_command(ctx, name) is not None)})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is not None or name not in self.OPTIONAL:
            return command
        try:
            module = __import__(self.OPTIONAL[name], fromlist=[name])
        except ImportError:  # an optional dependency (pygls, dask) is not installed
            return None
        self.add_command(getattr(module, name))
        return self.commands[name]


@click.group(cls=_Commands)
@click.version_option(__version__, prog_name="shapetracer")
def main() -> None:
    """Find TensorFlow tensor-shape bugs without running the program."""


def _fail(message: str) -> None:
    click.echo(f"shapetracer: error: {message}", err=True)
    sys.exit(2)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--output-format", type=click.Choice(FORMATS), default="full", show_default=True)
@click.option("--config-file", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Read [tool.shapetracer] from this file instead of the nearest pyproject.toml.")
@command_flags.flags("check")
@click.option("--statistics", is_flag=True,
              help="Print how many library calls were modelled, and the TensorFlow each file was checked "
                   "against (stderr).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--write-baseline", type=click.Path(path_type=Path, dir_okay=False),
              help="Record the current findings in FILE and exit 0.")
@click.option("--baseline", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Report only findings not recorded in FILE.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line on stderr.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Processes to analyse the scripts on (the output is the same for any number). "
                   "[default: the cores this process may use]")
@click.option("--no-cache", is_flag=True,
              help="Neither read nor write .shapetracer_cache/ in the project root.")
def check(paths, output_format, config_file, statistics, exit_zero, write_baseline, baseline, quiet,
          jobs, no_cache, **flags) -> None:
    """Check Python files, notebooks (.ipynb) and folders for shape bugs."""
    from shapetracer.engine import tune_collector
    from shapetracer.report import baseline as baselines

    tune_collector()

    missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        _fail(f"no such file or directory: {', '.join(missing)}")
    try:
        settings = load_settings(paths, config_file, **command_flags.flag_values("check", flags))
    except ConfigError as exc:
        _fail(str(exc))
    options = settings.options
    fail_on = settings["fail-on"]
    started = time.perf_counter()
    findings = []
    files = modelled = not_modelled = 0
    missing_names: dict[str, int] = {}
    targets: list[tuple[str, Target]] = []
    fixing = _Fixing(settings, output_format)
    # fixes read each file's shapes; without them nothing of an analysis outlives its file
    options = dataclasses.replace(options, keep_shapes=fixing.wanted)
    explicit = {p.resolve() for p in paths if p.is_file()}
    excluded = lambda p: p.resolve() not in explicit and settings.excluded(p)  # noqa: E731
    for result in _results(paths, excluded, options, fixing, quiet, jobs, not no_cache):
        files += 1
        findings.extend(result.findings)
        targets.append((result.path, result.target))
        modelled += result.stats.modelled
        not_modelled += result.stats.not_modelled
        for name, count in result.stats.not_modelled_names.items():
            missing_names[name] = missing_names.get(name, 0) + count
    elapsed = time.perf_counter() - started
    if write_baseline is not None:
        count = baselines.write(write_baseline, findings)
        click.echo(f"Wrote {count} finding(s) to baseline {write_baseline}.", err=True)
        sys.exit(0)
    if baseline is not None:
        try:
            findings = baselines.filter_new(findings, baselines.load(baseline))
        except (ValueError, KeyError, OSError) as exc:
            _fail(f"cannot use baseline: {exc}")
    stats = {"files": files, "calls_modelled": modelled, "calls_not_modelled": not_modelled,
             "seconds": round(elapsed, 3)}
    if fixing.diff:  # the diff instead of the findings; nothing written
        click.echo("".join(fixing.diffs), nl=False)
        click.echo(fixing.summary(), err=True)
        sys.exit(1 if fixing.diffs and not exit_zero else 0)
    if fixing.fix and not quiet:
        click.echo(fixing.summary(), err=True)
    click.echo(_render(output_format, findings, files, stats if statistics else None, targets), nl=False)
    if output_format in ("full", "concise") and not quiet:
        errors = sum(1 for f in findings if f.severity == "error")
        click.echo(f"Found {len(findings)} finding(s) ({errors} error(s)) in {files} file(s) "
                   f"in {elapsed:.2f}s.", err=True)
        for line in _inferred_lines(targets):
            click.echo(line, err=True)
    if statistics:
        total = modelled + not_modelled
        share = 100.0 * modelled / total if total else 100.0
        click.echo(f"Library calls modelled: {modelled} of {total} ({share:.1f}%)", err=True)
        for name, count in sorted(missing_names.items(), key=lambda kv: -kv[1])[:15]:
            click.echo(f"  not modelled: {name} x{count}", err=True)
        for line in _target_lines(targets):
            click.echo(line, err=True)
    failing = [f for f in findings if f.severity in FAIL_SEVERITIES[fail_on]]
    sys.exit(0 if exit_zero or not failing else 1)


class _Fixing:
    """--fix / --unsafe-fixes / --diff / --show-fixes (shapetracer.fixes): what each file
    becomes, and the counts for the summary line."""

    def __init__(self, settings, output_format: str) -> None:
        # A fix is verified by analysing the edited file again, a few times per finding: it is
        # made only when asked for (--fix, --diff, --show-fixes, whatever the format), so that
        # json and sarif cost what concise costs.
        self.diff, self.fix, self.unsafe = settings["diff"], settings["fix"], settings["unsafe-fixes"]
        self.show = settings["show-fixes"]
        self.wanted = self.diff or self.fix or self.show
        self.diffs: list[str] = []
        self.applied = self.changed_files = 0

    def file(self, result, options):
        from shapetracer.fixes.files import fix_file, show_fixes

        if not (self.diff or self.fix):
            return show_fixes(result, options)
        done = fix_file(result, options, unsafe=self.unsafe, write=not self.diff, show=self.show)
        if done.applied:
            self.applied += done.applied
            self.changed_files += 1
        if done.diff:
            self.diffs.append(done.diff)
        return done.result

    def summary(self) -> str:
        verb = "Would fix" if self.diff else "Fixed"
        hint = "" if self.unsafe else " (--unsafe-fixes for the unsafe ones too)"
        return f"{verb} {self.applied} finding(s) in {self.changed_files} file(s){hint}."


def _results(paths, excluded, options, fixing, quiet: bool, jobs: int | None, cached: bool):
    """The checked files' results.  Findings: the paths as one project (``engine.project``:
    a run per script, each finding once).  Fixes are made file by file, each file its own
    entry point (a fix is verified by analysing its file again): there, a file's result
    keeps only the findings in that file."""
    from shapetracer.engine.project import check_project, plan
    from shapetracer.engine.runs import default_jobs
    from shapetracer.report.progress import count_progress, file_progress

    if not fixing.wanted:
        work = plan(paths, excluded, cached=cached)
        cache = work.cache
        with count_progress(len(work.runs), enabled=not quiet) as progress:
            yield from check_project(paths, options, excluded, progress=progress, planned=work, cache=cache,
                                     jobs=jobs or default_jobs())
        return
    from shapetracer.engine import check_paths, iter_python_files

    to_check = list(iter_python_files(paths, excluded))
    with file_progress(to_check, enabled=not quiet) as progress:
        for result in check_paths(progress, options):  # one result alive at a time: shape logs are big
            own = [f for f in result.findings if f.path == result.path]
            yield fixing.file(dataclasses.replace(result, findings=own), options)


def _target_lines(targets: list[tuple[str, Target]], shown: int = 10) -> list[str]:
    """Which TensorFlow the files were checked against and why, one group per target."""
    groups: dict[Target, list[str]] = {}
    for path, target in targets:
        groups.setdefault(target, []).append(path)
    lines = []
    for target, paths in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0].describe())):
        lines.append(f"Checked against {target.describe()}: {len(paths)} file(s)")
        if len(groups) > 1:
            lines += [f"  {path}" for path in paths[:shown]]
            if len(paths) > shown:
                lines.append(f"  ... and {len(paths) - shown} more")
    return lines


def _inferred_lines(targets: list[tuple[str, Target]]) -> list[str]:
    """What the summary says of files whose TensorFlow was read from their code (versions/infer.py)."""
    inferred: dict[str, list[str]] = {}
    for path, target in targets:
        if target.source.startswith("the code"):
            inferred.setdefault(target.version, []).append(path)
    lines = []
    for version, paths in sorted(inferred.items()):
        which = paths[0] if len(paths) == 1 else f"{len(paths)} files"
        lines.append(f"Checked {which} against TensorFlow {version}, the version its code fits (nothing pins one; "
                     f"--statistics says why): pin it with --tf-version, tf-version under [tool.shapetracer] "
                     f"or a requirements pin.")
    return lines


def _render(output_format: str, findings, files: int, stats, targets=None) -> str:
    if output_format == "json":
        from shapetracer.report import json_format
        return json_format.render(findings, files, stats, targets)
    if output_format == "json-lines":
        from shapetracer.report import json_lines
        return json_lines.render(findings)
    if output_format == "sarif":
        from shapetracer.report import sarif
        return sarif.render(findings)
    if output_format == "github":
        from shapetracer.report import github
        return github.render(findings)
    from shapetracer.report import text
    return text.concise(findings) if output_format == "concise" else text.full(findings)


@main.command()
@click.argument("path", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@command_flags.flags("shapes")
def shapes(path: Path, **flags) -> None:
    """Print PATH with the inferred shape of every tensor assignment beside it.

    Exits 1 with one line on stderr when PATH cannot be analysed (syntax error, binary or
    unreadable file, broken notebook).
    """
    from shapetracer.engine import check_source, tune_collector
    from shapetracer.frontend.notebook import code_cells
    from shapetracer.report import text
    from shapetracer.report.shapes_view import render_shapes

    tune_collector()
    try:
        settings = load_settings([path], **command_flags.flag_values("shapes", flags))
    except ConfigError as exc:
        _fail(str(exc))
    try:
        data = path.read_bytes()
    except OSError as exc:
        _refuse(f"{path}: cannot read: {exc.strerror or exc}")
    # the bounds and target version of the settings, the shape pass only
    result = check_source(data, str(path), path, dataclasses.replace(settings.options, generic=False))
    unshowable = [f for f in result.findings if f.code in _UNSHOWABLE]
    if unshowable:  # nothing was analysed: one line saying why, never the input echoed back
        _refuse(text.concise(unshowable[:1]).rstrip("\n"))
    click.echo(render_shapes(data, result, code_cells(data) if result.cells is not None else None), nl=False)


# The input findings that mean a file was not analysed at all (it does not parse, cannot be
# decoded, is no notebook or has no code cells); ST004 (a bound reached) still shows what was.
_UNSHOWABLE = frozenset(rule.code for rule in RULES.values()
                        if rule.family == "input" and rule.code != codes.TOO_COMPLEX)


def _refuse(message: str) -> None:
    """``shapes`` on input it cannot analyse: one line on stderr, exit 1 (2 stays usage errors)."""
    click.echo(f"shapetracer: error: {message}", err=True)
    sys.exit(1)


@main.command()
def rules() -> None:
    """List every finding code."""
    for rule in RULES.values():
        flag = "" if rule.enabled_by_default else "  (off by default)"
        click.echo(f"{rule.code}  {rule.name:34} {rule.severity:8} {rule.summary}{flag}")


@main.command()
@click.argument("code")
def explain(code: str) -> None:
    """Explain one code (or rule name), with examples from the op specs."""
    from shapetracer.report.rule_docs import explain_text
    from shapetracer.rules.codes import lookup

    rule = lookup(code)
    if rule is None:
        _fail(f"unknown code {code!r}")
    click.echo(explain_text(rule), nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
