"""What a check gives back, apart from how it is made: a checked file's result, a run's
result, and the TensorFlow a file is checked against.

A warm run reads these from the cache (``engine.cache``) and prints them: unpickling one,
or making its key, must not import the parser, the interpreter or the solver.  So this
module imports plain data only; ``engine.files`` and ``engine.runs`` re-export its names.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from shapetracer.domain.target import Target
from shapetracer.frontend.statistics import Statistics
from shapetracer.options import Options
from shapetracer.rules.cells import CellMap
from shapetracer.rules.findings import Finding


@dataclass
class FileResult:
    path: str
    findings: list[Finding]
    stats: Statistics = field(default_factory=Statistics)
    shape_log: list = field(default_factory=list)
    status: str = "ok"  # ok | parse_error | unreadable
    target: Target = field(default_factory=Target)  # the TensorFlow it was checked against, and why
    cells: CellMap | None = None  # a notebook's: shape_log lines are of the joined cells, findings are placed
    expression_log: list = field(default_factory=list)  # with Options.expression_shapes: each expression's tensor
    file_reads: list = field(default_factory=list)  # projectchecks.files.FileEvent: what the run reads and writes


@dataclass
class RunResult:
    """What one run found, in every file it reached (paths as findings name them)."""

    entry: str  # the display path of the script the run started at
    findings: list[Finding] = field(default_factory=list)
    stats: Statistics = field(default_factory=Statistics)
    target: Target = field(default_factory=Target)
    cells: CellMap | None = None  # the entry's, when it is a notebook
    file_reads: list = field(default_factory=list)  # the files the run read and wrote, when a check wants them
    # with ``keep_logs`` (an editor's hovers): each binding's and expression's tensor, in every
    # file the run reached; never stored in the cache (they hold syntax trees)
    shape_log: list = field(default_factory=list, repr=False, compare=False)
    expression_log: list = field(default_factory=list, repr=False, compare=False)

    def without_logs(self) -> "RunResult":
        return replace(self, shape_log=[], expression_log=[]) if self.shape_log or self.expression_log else self


def target_for_file(file: Path | None, options: Options) -> Target:
    """The TensorFlow a file is checked against: the options' (flag, config, a scan's job),
    else what its project pins or the environment has (``versions.resolve``)."""
    if options.target is not None:
        return options.target
    from shapetracer import versions

    return versions.resolve(file, None)
