"""The TensorFlow a job ran on, as its log tells it (for ``scan`` and ``study``).

Conservative: only what names the version unambiguously counts.

* a version stated outright: ``tensorflow==2.3.0``, ``TensorFlow version: 2.3.0``, pip's
  ``tensorflow 1.15.5`` / ``tensorflow-gpu-1.14.0`` / ``(2.3.0)`` after a tensorflow
  requirement, a wheel ``tensorflow-2.3.0-cp37-...``; the last one stated wins (a log that
  reinstalls TensorFlow ends with the version that ran);
* ``site-packages/tensorflow_core/`` in a traceback: the layout of TF 1.15 and 2.0/2.1,
  taken as 1.15 (graph-mode programs are what ran there);
* warnings only TF 1.x prints (``The name tf.placeholder is deprecated. Please use
  tf.compat.v1.placeholder instead.``, "contrib ... will not be included in TensorFlow 2.0");
* ``Using TensorFlow backend.``: standalone Keras 2 over TF 1.x.

Anything else (``site-packages/tensorflow/`` paths, "TensorFlow 2.0" in prose) says nothing.
"""

from __future__ import annotations

import re

from shapetracer.domain.target import Target, target_for

_PACKAGE = r"(?:tensorflow|tensorflow[-_]gpu|tensorflow[-_]cpu|tf[-_]nightly)"
_VERSION = r"v?(\d+)\.(\d+)(?:\.\d+)?(?:(?:rc|a|b|\.dev|\.post)\d*)?"
_STATED = [
    re.compile(rf"(?i)\b{_PACKAGE}\s*===?\s*{_VERSION}\b"),  # tensorflow==2.3.0
    re.compile(rf"(?i)\b(?:tensorflow|tf)(?:[-_ ]gpu)?\s+version\s*(?:is\s*)?[:=]?\s*{_VERSION}\b"),
    re.compile(rf"(?i)(?:^|[\s'\"]){_PACKAGE}\s+v?(\d+)\.(\d+)\.\d+\b"),  # pip list: tensorflow 1.15.5
    re.compile(rf"(?i)(?:^|[\s/]){_PACKAGE}-(\d+)\.(\d+)\.\d+(?:-|\s|$)"),  # installed tensorflow-2.3.0; wheels
    re.compile(rf"(?i)Requirement already satisfied: {_PACKAGE}\S*\s+in\s+\S+\s+\((\d+)\.(\d+)[^)]*\)"),
]
_TF_CORE = re.compile(r"(?:site|dist)-packages[/\\]tensorflow_core[/\\]")
_TF1_WARNINGS = re.compile(r"The name tf\.\S+ is deprecated\. Please use tf\.compat\.v1\.\S+ instead"
                           r"|contrib module will not be included in TensorFlow 2\.0")
_KERAS_BACKEND = re.compile(r"^Using TensorFlow backend\.?\s*$", re.MULTILINE)


def from_log(text: str, source: str = "log") -> Target | None:
    """The target a job's log names, or None when it names none for certain."""
    stated: tuple[int, int, int] | None = None  # (position, major, minor)
    for pattern in _STATED:
        for match in pattern.finditer(text):
            major, minor = int(match.group(1)), int(match.group(2))
            if major in (1, 2) and (stated is None or match.start() > stated[0]):
                stated = (match.start(), major, minor)
    if stated is not None:
        return target_for(f"{stated[1]}.{stated[2]}", f"{source} (TensorFlow {stated[1]}.{stated[2]})")
    if _TF_CORE.search(text):
        return target_for("1.15", f"{source} (tensorflow_core paths: TF 1.15/2.0 layout)")
    if _TF1_WARNINGS.search(text):
        return target_for("1.15", f"{source} (TF 1.x deprecation warnings)")
    if _KERAS_BACKEND.search(text):
        return target_for("1.15", f"{source} (standalone Keras: Using TensorFlow backend)")
    return None


# TensorFlow logs each device it creates with the memory it gives it (TF 1.x: "Created
# TensorFlow device (/job:localhost/.../device:GPU:0 with 14791 MB memory) -> physical GPU";
# TF 2.x: "Created device /job:localhost/.../device:GPU:0 with 22380 MB memory:  -> device: 0").
_DEVICE = re.compile(r"Created (?:TensorFlow )?device \(?/job:[^\s)]*/device:(GPU|TPU):(\d+) with (\d+) MB memory")


def device_memory(text: str) -> str | None:
    """The memory of the accelerator a job's tensors are placed on (device 0, where TensorFlow
    puts them unless told otherwise), as its log states it: "14791MiB" (TensorFlow's "MB" are
    2**20 bytes); None when the log names no accelerator (a CPU job: its memory is not logged)."""
    found: dict[int, int] = {}
    for match in _DEVICE.finditer(text):
        found.setdefault(int(match.group(2)), int(match.group(3)))
    if not found:
        return None
    return f"{found[min(found)]}MiB"
