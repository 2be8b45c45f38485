"""The ``shapetracer lsp`` command; pygls is an optional extra, so it is imported late."""

from __future__ import annotations

import sys

import click


@click.command()
@click.option("--debounce", type=float, default=None, metavar="SECONDS",
              help="Wait this long after the last keystroke before analysing (default 0.1).")
def lsp(debounce: float | None) -> None:
    """Run the language server on stdin/stdout (diagnostics, shape hovers, noqa actions)."""
    try:
        from shapetracer.lsp.server import main
    except ImportError as exc:
        click.echo(f"shapetracer: error: the language server needs pygls ({exc}); "
                   "install it with: pip install 'shapetracer[lsp]'", err=True)
        sys.exit(2)
    main(debounce)
