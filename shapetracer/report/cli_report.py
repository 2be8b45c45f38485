"""``shapetracer report``: a scan's records or a check's JSON as one HTML page."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from shapetracer.report.html import InputError, ReportInput, read_input, render


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--output", "-o", default="shapetracer-report.html", show_default=True,
              help="The HTML file to write ('-' for standard output).")
@click.option("--root", type=click.Path(path_type=Path, file_okay=False, exists=True), default=None,
              help="Where the paths of a check's findings are relative to (default: the working folder).")
def report(inputs: tuple[Path, ...], output: str, root: Path | None) -> None:
    """Write one self-contained HTML page from `scan` JSON lines and `check --output-format json` files
    ('-' reads standard input)."""
    data = ReportInput()
    for path in inputs:
        try:
            text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
            read_input(str(path), text, data)
        except (OSError, UnicodeDecodeError) as exc:
            _fail(f"cannot read {path}: {exc}")
        except InputError as exc:
            _fail(str(exc))
    page = render(data, _SourceFiles(root or Path.cwd(), data))
    if output == "-":
        click.echo(page, nl=False)
        return
    try:
        Path(output).write_text(page, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {output}: {exc}")
    click.echo(f"wrote {output}", err=True)


def _fail(message: str) -> None:
    click.echo(f"shapetracer: error: {message}", err=True)
    sys.exit(2)


class _SourceFiles:
    """The lines of the files findings name: a check's from disk (below ``root``), a job's
    from its folder or archive, read in memory as the scan read them."""

    def __init__(self, root: Path, data: ReportInput) -> None:
        self.root = root
        self.jobs = {str(r.get("job")): r.get("source") for r in data.records}
        self.cache: dict[tuple[str | None, str], list[str] | None] = {}
        self.members: dict[str, dict[str, bytes]] = {}

    def __call__(self, job: str | None, path: str) -> list[str] | None:
        key = (job, path)
        if key not in self.cache:
            self.cache[key] = self._read(job, path)
        return self.cache[key]

    def _read(self, job: str | None, path: str) -> list[str] | None:
        if job is None:
            try:
                data = (self.root / path).read_bytes()
            except OSError:
                return None
        else:
            data = self._job_members(job).get(path)
            if data is None:
                return None
        return data.decode("utf-8", "replace").splitlines()

    def _job_members(self, job: str) -> dict[str, bytes]:
        if job not in self.members:
            source = self.jobs.get(job)
            self.members[job] = {}
            if isinstance(source, str) and Path(source).exists():
                from shapetracer.jobs.archive import read_job
                from shapetracer.jobs.config import Caps
                contents = read_job(source, Caps())
                self.members[job] = {m.name: m.data for m in contents.of_kind("script")}
        return self.members[job]
