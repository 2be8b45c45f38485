"""The TensorFlow version a program is checked against: from the flag or config, the
project's dependency pins, the installed package, or a job's log (see ``resolve``, ``for_job``),
and for a file none of these pin, its own code (``from_code``)."""

from shapetracer.versions.infer import from_code
from shapetracer.versions.job import for_job
from shapetracer.versions.log import from_log
from shapetracer.domain.target import VersionError, check_setting, from_setting
from shapetracer.versions.resolve import clear_cache, fallback, for_program, from_files, resolve

__all__ = ["VersionError", "check_setting", "clear_cache", "fallback", "for_job", "from_code", "for_program", "from_files",
           "from_log", "from_setting", "resolve"]
