"""The ``shapetracer`` command: a click group (check, shapes, rules, explain, scan, study)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from shapetracer.domain import codes
from shapetracer import __version__
from shapetracer.config import ConfigError, find_config, load_config
from shapetracer.domain.codes import RULES

FORMATS = ("full", "concise", "json", "json-lines", "sarif", "github")
FAIL_SEVERITIES = {"error": ("error",), "warning": ("error", "warning"), "info": ("error", "warning", "info")}


@click.group()
@click.version_option(__version__, prog_name="shapetracer")
def main() -> None:
    """Find TensorFlow tensor-shape bugs without running the program."""


def _codes(value: str | None) -> frozenset[str] | None:
    if value is None:
        return None
    return frozenset(part.strip().upper() for part in value.split(",") if part.strip())


def _fail(message: str) -> None:
    click.echo(f"shapetracer: error: {message}", err=True)
    sys.exit(2)


def build_options(paths, config_file, select, extend_select, ignore, possible, show_notes, with_pylint,
                  no_generic):
    """Options from [tool.shapetracer] first, then the command line on top."""
    from shapetracer.domain.facts import SolverLimits
    from shapetracer.engine import Options
    from shapetracer.frontend.interpreter import Bounds

    config_path = config_file or find_config(paths[0] if paths else Path.cwd())
    config = load_config(config_path)
    upper = lambda values: frozenset(v.upper() for v in values)  # noqa: E731
    bounds = Bounds(max_paths=config.get("max-paths", 16), unroll=config.get("unroll", 64),
                    call_depth=config.get("call-depth", 8), seconds=config.get("analysis-seconds", 10))
    limits = SolverLimits(timeout_ms=config.get("solver-timeout-ms", 2000),
                          rlimit=config.get("solver-rlimit", 5_000_000))
    extend = set(upper(config.get("extend-select", []))) | set(_codes(extend_select) or ())
    if config.get("report-unused-suppressions", False):
        extend.add(codes.UNUSED_SUPPRESSION)
    options = Options(
        select=_codes(select) if select is not None else (upper(config.get("select")) if config.get("select")
                                                           else None),
        extend_select=frozenset(extend),
        ignore=upper(config.get("ignore", [])) | (_codes(ignore) or frozenset()),
        per_file_ignores=config.get("per-file-ignores", {}),
        possible_failures=possible or config.get("possible-failures", False),
        show_notes=show_notes or config.get("show-notes", False),
        generic=not no_generic,
        with_pylint=with_pylint or config.get("with-pylint", False),
        bounds=bounds,
        limits=limits,
    )
    return options, config


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--output-format", type=click.Choice(FORMATS), default="full", show_default=True)
@click.option("--config-file", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Read [tool.shapetracer] from this file instead of the nearest pyproject.toml.")
@click.option("--select", help="Comma-separated codes or prefixes to report (replaces the defaults).")
@click.option("--extend-select", help="Codes or prefixes to report on top of the defaults (e.g. ST201,ST904).")
@click.option("--ignore", help="Comma-separated codes or prefixes to drop.")
@click.option("--possible", is_flag=True, help="Also report ST201: ops that fail for some values of unknown dims.")
@click.option("--show-notes", is_flag=True, help="Also report ST9xx analysis notes (not modelled, inconclusive).")
@click.option("--with-pylint", is_flag=True, help="Run pylint's error checks too (slower).")
@click.option("--no-generic", is_flag=True, help="Skip the pyflakes pass; shape analysis only.")
@click.option("--statistics", is_flag=True, help="Print how many library calls were modelled (stderr).")
@click.option("--fail-on", type=click.Choice(tuple(FAIL_SEVERITIES)), default=None,
              help="Lowest severity that makes the exit code 1 [default: warning].")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--write-baseline", type=click.Path(path_type=Path, dir_okay=False),
              help="Record the current findings in FILE and exit 0.")
@click.option("--baseline", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Report only findings not recorded in FILE.")
def check(paths, output_format, config_file, select, extend_select, ignore, possible, show_notes, with_pylint,
          no_generic, statistics, fail_on, exit_zero, write_baseline, baseline) -> None:
    """Check Python files and folders for shape bugs."""
    from shapetracer.engine import check_paths
    from shapetracer.report import baseline as baselines

    missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        _fail(f"no such file or directory: {', '.join(missing)}")
    try:
        options, config = build_options(paths, config_file, select, extend_select, ignore, possible, show_notes,
                                        with_pylint, no_generic)
    except ConfigError as exc:
        _fail(str(exc))
    fail_on = fail_on or config.get("fail-on", "warning")
    started = time.perf_counter()
    findings = []
    files = modelled = not_modelled = 0
    missing_names: dict[str, int] = {}
    explicit = {p.resolve() for p in paths if p.is_file()}
    for result in check_paths(paths, options, exclude=lambda p: p.resolve() not in explicit
                              and config.excluded(p)):
        files += 1
        findings.extend(result.findings)
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
    click.echo(_render(output_format, findings, files, stats if statistics else None), nl=False)
    if output_format in ("full", "concise"):
        errors = sum(1 for f in findings if f.severity == "error")
        click.echo(f"Found {len(findings)} finding(s) ({errors} error(s)) in {files} file(s) "
                   f"in {elapsed:.2f}s.", err=True)
    if statistics:
        total = modelled + not_modelled
        share = 100.0 * modelled / total if total else 100.0
        click.echo(f"Library calls modelled: {modelled} of {total} ({share:.1f}%)", err=True)
        for name, count in sorted(missing_names.items(), key=lambda kv: -kv[1])[:15]:
            click.echo(f"  not modelled: {name} x{count}", err=True)
    failing = [f for f in findings if f.severity in FAIL_SEVERITIES[fail_on]]
    sys.exit(0 if exit_zero or not failing else 1)


def _render(output_format: str, findings, files: int, stats) -> str:
    from shapetracer.report import github, json_format, json_lines, sarif, text

    if output_format == "json":
        return json_format.render(findings, files, stats)
    if output_format == "json-lines":
        return json_lines.render(findings)
    if output_format == "sarif":
        return sarif.render(findings)
    if output_format == "github":
        return github.render(findings)
    if output_format == "concise":
        return text.concise(findings)
    return text.full(findings)


@main.command()
@click.argument("path", type=click.Path(path_type=Path, dir_okay=False, exists=True))
def shapes(path: Path) -> None:
    """Print PATH with the inferred shape of every tensor assignment beside it."""
    from shapetracer.report.shapes_view import render_shapes

    click.echo(render_shapes(path), nl=False)


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
    from shapetracer.domain.codes import lookup

    rule = lookup(code)
    if rule is None:
        _fail(f"unknown code {code!r}")
    click.echo(explain_text(rule), nl=False)


def _register_optional_commands() -> None:
    """Commands that live in their own sub-packages."""
    for module_name, attribute in (("shapetracer.jobs.cli_scan", "scan"), ("shapetracer.study.cli", "study")):
        try:
            module = __import__(module_name, fromlist=[attribute])
        except ImportError:
            continue
        main.add_command(getattr(module, attribute))


_register_optional_commands()

if __name__ == "__main__":  # pragma: no cover
    main()
