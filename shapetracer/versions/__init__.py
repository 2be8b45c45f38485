"""The TensorFlow version a program is checked against: from the flag or config, the
project's dependency pins, the installed package, or a job's log (see ``resolve``, ``for_job``),
and for a file none of these pin, its own code (``from_code``).

``from_code``, ``for_job`` and ``from_log`` are imported when first asked for: reading a
result from the cache needs the pins (``resolve``), not the API model the code is read with.
"""

from shapetracer.domain.target import VersionError, check_setting, from_setting
from shapetracer.versions.resolve import clear_cache, fallback, for_program, from_files, resolve

__all__ = ["VersionError", "check_setting", "clear_cache", "fallback", "for_job", "from_code", "for_program", "from_files",
           "from_log", "from_setting", "resolve"]

_LAZY = {"from_code": "shapetracer.versions.infer", "for_job": "shapetracer.versions.job",
         "from_log": "shapetracer.versions.log"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
