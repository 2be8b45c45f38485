"""``shapetracer study PATH --output-dir DIR``: the failed-job study as a command."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option("--output-dir", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Where study.json, study.md and study.png are written.")
@click.option("--no-pylint", is_flag=True, help="Skip pylint (faster; its column stays empty).")
def study(path: Path, output_dir: Path, no_pylint: bool) -> None:
    """Classify each job's failure under PATH and measure which static checks detect it.

    PATH holds one job per child: a folder, .tar, .tar.gz or .zip with the job's scripts
    and its log (job.json with labels is optional).
    """
    from shapetracer.engine import tune_collector
    from shapetracer.study.report import markdown, write_chart, write_json
    from shapetracer.study.run import run_study

    tune_collector()

    output_dir.mkdir(parents=True, exist_ok=True)
    result = run_study(path, with_pylint=not no_pylint, progress=lambda m: click.echo(m, err=True))
    write_json(result, output_dir / "study.json")
    (output_dir / "study.md").write_text(markdown(result, str(path)))
    skipped = write_chart(result, output_dir / "study.png")
    if skipped:
        click.echo(skipped, err=True)
    head = result.headline()
    click.echo(f"{len(result.outcomes)} jobs; top-3 Python categories detected: {head['percent']:.2f}% "
               f"(published: {head['published_percent']:.2f}%); wrote {output_dir}/study.json, study.md"
               + ("" if skipped else ", study.png"), err=True)
