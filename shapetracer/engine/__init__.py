"""Checking files and projects: read, parse, interpret, turn reports into findings.

This is the one place that knows every pass; the CLI, the batch scan, the study and the
language server call it.

- ``files``: one file as its own entry point (``check_source``, ``check_file``);
- ``project``: the checked paths as a project: one run per script, each finding once;
- ``runs``: a project's scripts run, from the cache or on several processes;
- ``cache``: ``.shapetracer_cache/`` in the project root;
- ``results``: what a check gives back (plain data: what the cache holds);
- ``paths``: which files a check reads, and how findings name them;
- ``collector``: the garbage-collector settings of a main that checks many files.

Each name below is imported when first asked for: a warm run, which reads every result from
the cache, never imports the parser, the interpreter or the solver.
"""

from __future__ import annotations

import importlib

_HOMES = {
    "FileResult": "results", "target_for_file": "results",
    "display_path": "paths", "iter_python_files": "paths",
    "tune_collector": "collector",
    "Options": "results", "check_file": "files", "check_paths": "files", "check_source": "files", "in_cells": "files",
    "project_findings": "files",
}

__all__ = ["FileResult", "Interpreter", "Options", "check_file", "check_paths", "check_source", "display_path",
           "in_cells", "iter_python_files", "project_findings", "target_for_file", "tune_collector"]


def __getattr__(name: str):
    if name == "Interpreter":  # checking a file that never touches a tensor does not load it
        from shapetracer.frontend.interpreter import Interpreter
        return Interpreter
    if name in _HOMES:
        value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
