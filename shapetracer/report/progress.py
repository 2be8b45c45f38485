"""A progress bar on stderr while ``check`` works through many files.

Only a person watching a terminal gains from it; in CI logs, pipes and editors a
redrawn bar is noise, so it is drawn only when stderr is a terminal, never with
``--quiet``, and never for a handful of files.  click's bar is used because click
is already the CLI's library (width, ETA and redraw rate handled).  Findings go to
stdout after the run, so the bar never interleaves with them.

``scan`` has its own display (shapetracer.jobs.progress: statuses, rate and plain
periodic lines for batch logs), which it keeps.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Iterator, Sequence, TextIO

import click

MIN_FILES = 10  # fewer files finish before a bar would be worth reading


@contextlib.contextmanager
def file_progress(files: Sequence[Path], enabled: bool = True,
                  stream: TextIO | None = None) -> Iterator[Iterator[Path]]:
    """Iterate ``files``, with a bar on ``stream`` (stderr) when that is worth showing."""
    stream = stream or click.get_text_stream("stderr")
    if not enabled or len(files) < MIN_FILES or not _isatty(stream):
        yield iter(files)
        return
    with click.progressbar(files, file=stream, label="Checking", show_pos=True, show_eta=True,
                           item_show_func=lambda path: str(path) if path else None) as bar:
        yield iter(bar)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextlib.contextmanager
def count_progress(total: int, label: str = "Checking", enabled: bool = True,
                   stream: TextIO | None = None) -> Iterator:
    """A bar over ``total`` steps (a project's runs); yields the function to call with each
    step done.  Shown under the same conditions as ``file_progress``."""
    stream = stream or click.get_text_stream("stderr")
    if not enabled or total < MIN_FILES or not _isatty(stream):
        yield lambda steps: None
        return
    with click.progressbar(length=total, file=stream, label=label, show_pos=True, show_eta=True) as bar:
        yield bar.update
