"""A project: the files checked together, where they are rooted, how they import each other,
and which of them are run.

Real training code is a small repository (``config.py``, ``data.py``, ``models.py``,
``train.py``), and a bug there sits where values from two files meet.  This package knows
the repository's shape without running or importing anything: it reads each module with
CPython's ``ast`` (never libcst: it is cheap enough to run over a whole tree before the
analysis starts) and answers, as Python's import system would,

- where the project's root is (``root``),
- which folders a run searches for an absolute import (``syspath``: the script's folder,
  ``sys.path.insert``/``append`` of paths built from ``__file__``, ``os.path`` and
  ``pathlib``, the root and a ``src/`` layout),
- which file an import names (``resolve``),
- which modules are run as scripts (``entries``) and which reach which (``graph``).

It imports nothing of shapetracer above the standard library: the frontend asks it where
an import leads, the engine which analyses to run.
"""

from shapetracer.project.files import DiskFiles, Files, MemoryFiles
from shapetracer.project.model import Module, Project, job_project, load_project, open_project, standalone

__all__ = ["DiskFiles", "Files", "MemoryFiles", "Module", "Project", "job_project", "load_project", "open_project",
           "standalone"]
