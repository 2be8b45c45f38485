"""``shapetracer scan``: batch scan of job folders and archives to JSON Lines.

Registered on the main group with ``main.add_command(scan)``; also runnable alone
as ``python -m shapetracer.jobs.cli_scan``.  Exit 0 when the run finished (per-job
failures are records, not exit codes), 2 when the run itself failed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from shapetracer import flags as command_flags
from shapetracer import options as option_table
from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.runner import ENGINES, ScanError, run_scan

DEFAULT_CACHE_DIR = ".shapetracer_cache"


@click.command("scan")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--output", "-o", required=True, type=click.Path(path_type=Path, dir_okay=False, allow_dash=True),
              help="JSON Lines file, one record per job; rerunning with the same file resumes "
                   "('-': standard output, no resume).")
@click.option("--jobs", "-j", "workers", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: every core); with --engine dask and no scheduler, "
                   "the local cluster's workers.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=60.0, show_default=True,
              help="Seconds one job may take before its worker is killed (status timeout).")
@click.option("--engine", type=click.Choice(ENGINES), default="local", show_default=True)
@click.option("--scheduler", metavar="ADDRESS", help="Dask scheduler (tcp://host:8786); default: a local cluster.")
@click.option("--batch-size", type=click.IntRange(min=1), help="Jobs per Dask task (default: automatic).")
@click.option("--no-cache", is_flag=True, help="Analyse every script, even one seen before.")
@click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False),
              help=f"Where the content-hash cache lives (default: {DEFAULT_CACHE_DIR}, "
                   "or $SHAPETRACER_CACHE_DIR).")
@command_flags.flags("scan")
@click.option("--quiet", "-q", is_flag=True, help="No progress on stderr.")
def scan(paths, output, workers, timeout, engine, scheduler, batch_size, no_cache, cache_dir, quiet,
         **flags) -> None:
    """Scan job folders and archives (.tar, .tar.gz, .tgz, .zip) into one JSON record per job.

    Each PATH is a job archive, or a folder whose immediate children (folders and
    archives) are the jobs.  Without --tf-version, each job is checked against the
    TensorFlow its log names (what the job ran on), else the one its dependency files pin,
    else the installed one, else the newest.
    """
    if scheduler and engine != "dask":
        raise click.UsageError("--scheduler needs --engine dask")
    try:
        values = option_table.scan_values(command_flags.flag_values("scan", flags))
    except option_table.SettingError as exc:
        _fail(str(exc))
    config = ScanConfig(**values, cache_dir=None if no_cache else _cache_dir(cache_dir))
    try:
        outcome = run_scan(paths, output, config, workers=workers, timeout=timeout, engine=engine,
                           scheduler=scheduler, batch_size=batch_size, progress=not quiet)
    except ScanError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        _fail("interrupted" if str(output) == "-" else f"interrupted; rerun with --output {output} to resume")
    except OSError as exc:
        _fail(f"{exc.filename or output}: {exc.strerror or exc}")
    if outcome.repaired_bytes:
        click.echo(f"shapetracer: repaired {output}: cut off an unfinished last line "
                   f"({outcome.repaired_bytes} bytes)", err=True)
    click.echo(outcome.summary(), err=True)
    sys.exit(0)


def _cache_dir(option: Path | None) -> str:
    """Absolute, so every worker (and a Dask worker on this machine) uses the same one."""
    chosen = option or Path(os.environ.get("SHAPETRACER_CACHE_DIR") or DEFAULT_CACHE_DIR)
    return os.path.abspath(chosen)


def _fail(message: str) -> None:
    click.echo(f"shapetracer: error: {message}", err=True)
    sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    scan()
