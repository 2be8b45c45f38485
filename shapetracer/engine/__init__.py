"""Checking files and projects: read, parse, interpret, turn reports into findings.

This is the one place that knows every pass; the CLI, the batch scan, the study and the
language server call it.

- ``files``: one file as its own entry point (``check_source``, ``check_file``);
- ``project``: the checked paths as a project: one run per script, each finding once;
- ``runs``: a project's scripts run, from the cache or on several processes;
- ``cache``: ``.shapetracer_cache/`` in the project root;
- ``collector``: the garbage-collector settings of a main that checks many files.
"""

from shapetracer.engine.collector import tune_collector
from shapetracer.engine.files import (
    FileResult, Options, check_file, check_paths, check_source, display_path, in_cells,
    iter_python_files, project_findings, target_for_file,
)

__all__ = ["FileResult", "Interpreter", "Options", "check_file", "check_paths", "check_source", "display_path",
           "in_cells", "iter_python_files", "project_findings", "target_for_file", "tune_collector"]


def __getattr__(name: str):
    """``Interpreter``, imported when asked for: checking a file that never touches a tensor
    does not load it."""
    if name == "Interpreter":
        from shapetracer.frontend.interpreter import Interpreter
        return Interpreter
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
