"""Which jobs a scan has: PATH arguments to job references (absolute paths).

A PATH that is an archive is one job; a folder's immediate children that are
folders or archives are one job each (hidden entries are skipped).  Links at
this level are followed: the operator chose them.  Inside a job, nothing is.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from shapetracer.jobs.names import job_format


class DiscoveryError(Exception):
    """A PATH argument cannot be used: the run fails (exit 2)."""


def discover(paths: Iterable[str | os.PathLike]) -> list[str]:
    """Job references in a stable order (sorted per PATH), each once."""
    jobs: list[str] = []
    seen: set[str] = set()
    for path in paths:
        for job in _jobs_of(Path(path)):
            if job not in seen:
                seen.add(job)
                jobs.append(job)
    return jobs


def _jobs_of(path: Path) -> list[str]:
    absolute = os.path.abspath(path)
    if path.is_file():
        if job_format(path.name) is None:
            raise DiscoveryError(f"{path} is neither a folder nor a .tar, .tar.gz, .tgz or .zip archive")
        return [absolute]
    if not path.is_dir():
        raise DiscoveryError(f"no such file or directory: {path}")
    try:
        entries = sorted(os.scandir(absolute), key=lambda e: e.name)
    except OSError as exc:
        raise DiscoveryError(f"cannot list {path}: {exc.strerror or exc}") from exc
    jobs = []
    for entry in entries:
        if entry.name.startswith("."):
            continue
        try:
            is_dir, is_file = entry.is_dir(), entry.is_file()
        except OSError:
            continue
        if is_dir or (is_file and job_format(entry.name) is not None):
            jobs.append(os.path.join(absolute, entry.name))
    return jobs
