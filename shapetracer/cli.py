"""The ``shapetracer`` command: a click group (check, rules, explain)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from shapetracer import __version__
from shapetracer.report import json_format, text
from shapetracer.rules.registry import RULES

FORMATS = ("full", "concise", "json")
FAIL_SEVERITIES = {"error": ("error",), "warning": ("error", "warning"), "info": ("error", "warning", "info")}


@click.group()
@click.version_option(__version__, prog_name="shapetracer")
def main() -> None:
    """Find TensorFlow tensor-shape bugs without running the program."""


def _codes(value: str | None) -> frozenset[str] | None:
    if value is None:
        return None
    return frozenset(part.strip().upper() for part in value.split(",") if part.strip())


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--output-format", type=click.Choice(FORMATS), default="full", show_default=True)
@click.option("--select", help="Comma-separated codes or prefixes to report (replaces the defaults).")
@click.option("--ignore", help="Comma-separated codes or prefixes to drop.")
@click.option("--possible", is_flag=True, help="Also report ST201: ops that fail for some values of unknown dims.")
@click.option("--show-notes", is_flag=True, help="Also report ST9xx analysis notes (not modelled, inconclusive).")
@click.option("--with-pylint", is_flag=True, help="Run pylint's error checks too (slower).")
@click.option("--no-generic", is_flag=True, help="Skip the pyflakes pass; shape analysis only.")
@click.option("--statistics", is_flag=True, help="Print how many library calls were modelled (stderr).")
@click.option("--fail-on", type=click.Choice(tuple(FAIL_SEVERITIES)), default="warning", show_default=True,
              help="Lowest severity that makes the exit code 1.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
def check(paths, output_format, select, ignore, possible, show_notes, with_pylint, no_generic, statistics,
          fail_on, exit_zero) -> None:
    """Check Python files and folders for shape bugs."""
    from shapetracer.engine import Options, check_paths

    missing = [str(p) for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        click.echo(f"shapetracer: error: no such file or directory: {', '.join(missing)}", err=True)
        sys.exit(2)
    options = Options(select=_codes(select), ignore=_codes(ignore) or frozenset(), possible_failures=possible,
                      show_notes=show_notes, generic=not no_generic, with_pylint=with_pylint)
    started = time.perf_counter()
    findings = []
    files = modelled = not_modelled = 0
    missing_names: dict[str, int] = {}
    for result in check_paths(paths, options):
        files += 1
        findings.extend(result.findings)
        modelled += result.stats.modelled
        not_modelled += result.stats.not_modelled
        for name, count in result.stats.not_modelled_names.items():
            missing_names[name] = missing_names.get(name, 0) + count
    elapsed = time.perf_counter() - started
    stats = {"files": files, "calls_modelled": modelled, "calls_not_modelled": not_modelled,
             "seconds": round(elapsed, 3)}
    if output_format == "json":
        click.echo(json_format.render(findings, files, stats if statistics else None), nl=False)
    else:
        renderer = text.full if output_format == "full" else text.concise
        click.echo(renderer(findings), nl=False)
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


@main.command()
def rules() -> None:
    """List every finding code."""
    for rule in RULES.values():
        flag = "" if rule.enabled_by_default else "  (off by default)"
        click.echo(f"{rule.code}  {rule.name:34} {rule.severity:8} {rule.summary}{flag}")


@main.command()
@click.argument("code")
def explain(code: str) -> None:
    """Explain one code (or rule name)."""
    from shapetracer.rules.registry import lookup

    rule = lookup(code)
    if rule is None:
        click.echo(f"shapetracer: error: unknown code {code!r}", err=True)
        sys.exit(2)
    click.echo(f"{rule.code} {rule.name} ({rule.severity}, category {rule.category})\n\n{rule.summary}")


if __name__ == "__main__":  # pragma: no cover
    main()
