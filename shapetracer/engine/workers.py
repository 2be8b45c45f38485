"""The processes a project check is spread over (``check --jobs N``).

Both halves of a project check are spread: the runs (the shape pass of each script with
what it imports) and then each checked file's own pass (reading, parsing, pyflakes, the
project checks, suppressions), which is a third of a folder's time and would otherwise be
done by the main process alone while the other cores wait.  One pool serves both: its
workers are forked once, with the project already read and the op families the project's
imports need already loaded, so only a task's small arguments travel to a worker and its
result back.  Tasks are handed out largest first (a big script last in line would leave a
core idle at the end) and their results come back in the order they were given, so the
output is the same as with one process.
"""

from __future__ import annotations

import importlib
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Callable, Iterator, Sequence, TypeVar

from shapetracer.engine import collector
from shapetracer.options import Options
from shapetracer.project import Project

Item = TypeVar("Item")
Result = TypeVar("Result")
# A task run in a worker: module-level (it travels by name), given the project and options
# the worker was forked with.
Task = Callable[[Project, Options, Item], Result]


class Workers:
    """A pool of ``jobs`` processes for one project check, made on first use (a project with
    one script and one file never forks); ``jobs`` 1: every task runs here, in order."""

    def __init__(self, project: Project, options: Options, jobs: int) -> None:
        self.project = project
        self.options = options
        self.jobs = max(1, jobs)
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def map(self, task: Task, items: Sequence[Item], weights: Sequence[int] | None = None) -> Iterator[Result]:
        """``task(project, options, item)`` of each item, in the order of ``items``; on the pool
        when there are several items and jobs, the heaviest (by ``weights``) first."""
        if self.jobs <= 1 or len(items) <= 1:
            for item in items:
                yield task(self.project, self.options, item)
            return
        pool = self._started()
        order = sorted(range(len(items)), key=lambda i: -weights[i]) if weights is not None else range(len(items))
        futures: dict[int, Future] = {i: pool.submit(_call, task, items[i]) for i in order}
        try:
            for i in range(len(items)):
                yield futures.pop(i).result()
        finally:
            for future in futures.values():
                future.cancel()

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            _preload(self.project, self.options)
            collector.before_fork()
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_start_worker,
                                             initargs=(self.project, self.options))
        return self._pool


def _preload(project: Project, options: Options) -> None:
    """What every worker would otherwise import for itself, loaded once before the fork: the
    op families of the libraries the project imports (with Keras for TensorFlow, whose
    ``tf.keras`` is Keras', and Python's builtins, which every run calls), the interpreter,
    libcst's native parser, and the file pass's own modules (pyflakes, the project checks)."""
    from shapetracer.constraints.core import libraries

    wanted = set()
    for module in list(project.modules.values()):
        for item in module.imports:
            library = libraries.IMPORTS.get(item.module.split(".", 1)[0]) if item.level == 0 else None
            if library is not None:
                wanted.add(library)
    if wanted:
        wanted.add("python")
    if "tf" in wanted:
        wanted.add("keras")
    if "keras" in wanted:
        wanted.add("datasets")
    for library in sorted(wanted):
        libraries.load(library)
    names = ["libcst.native", "email.parser", "shapetracer.projectchecks.checks", "shapetracer.engine.files",
             "shapetracer.versions.infer"]  # the engine imports its passes when a check first needs them
    if wanted:  # the interpreter too (imported when a run first needs it)
        names.append("shapetracer.frontend.interpreter")
    if options.generic:
        names.append("shapetracer.generic")
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError:  # optional: libcst's native parser, the generic pass
            pass


_worker_state: tuple[Project, Options] | None = None


def _start_worker(project: Project, options: Options) -> None:
    global _worker_state
    _worker_state = (project, options)


def _call(task: Task, item):
    assert _worker_state is not None
    project, options = _worker_state
    return task(project, options, item)
