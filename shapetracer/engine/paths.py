"""Which files a check reads (folders walked, each file once) and how findings name them.

Apart from ``engine.files`` so that planning a warm run imports no parser.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable, Iterable, Iterator


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
