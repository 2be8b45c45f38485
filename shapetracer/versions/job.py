"""The TensorFlow a failed job is checked against (``scan`` and ``study``).

A job records what it ran on in two places: the log (what the image really had: a version
the script or the platform printed, TF 1.x's own warnings, ``tensorflow_core`` paths) and
its dependency files (what the author meant to run on).  The job failed under the first,
so the log decides; the requirements only when the log names no version.  A TF 1 script
pinned to ``tensorflow==1.15`` that a TF 2 image ran anyway failed on ``tf.placeholder``
because of the image, and only the log says so.
"""

from __future__ import annotations

from typing import Mapping

from shapetracer.domain.target import Target
from shapetracer.versions.log import from_log
from shapetracer.versions.resolve import from_files


def for_job(log: str | None, files: Mapping[str, bytes | str], log_name: str = "job.log") -> Target | None:
    """The version a job's log prints, else the one its dependency files pin (member name ->
    content), else None (the caller's default: the installed TensorFlow or the newest)."""
    if log:
        target = from_log(log, f"{log_name} log")
        if target is not None:
            return target
    return from_files(files) if files else None
