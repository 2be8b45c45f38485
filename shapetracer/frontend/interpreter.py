"""The abstract interpreter: one entry file (and the user modules it imports), run the
way Python would run it, but over abstract values (``domain/values.py``), one or more
paths at a time (``domain/state.py``).  Library calls go to op specs (``constraints/``),
which check shapes and report.

It is made of parts with one job each, which share one ``Run`` (the path being executed,
its module and statement line, the budget, the frames):

    Dispatch        the handler table, and eval / exec of any node by its type
    Reporter        reports and the sites they name
    Evaluator       expression syntax: names, literals, displays, operators, calls
    Comprehensions  list / set / dict comprehensions and generator expressions
    Operations      Python's data model on values: attributes, items, operators, iteration
    Calls           calls of any callee: op specs, methods, classes
    Functions       user functions, each analysed at its call site, and generators
    Assigner        assignment targets, and ``:=``
    Statements      statement lines, ``if``, ``with``, ``try``, ``def``, ``class``
    Loops           ``for`` and ``while``, unrolled or summarised
    Modules         the entry file, imported user modules, ``import``
    Recorder        missing keys, attributes and indices (``containers.py``)
    FileRecorder    the files the run reads and writes, in order (``files.py``, for ST502)

``handler_table`` below is the one place that says which part handles which syntax.
The Interpreter itself builds and joins the parts, and is the ``Host`` the specs see.

Bounds keep it fast on any input: number of live paths, loop unrolling, call depth, and
a per-file step budget; past a bound values become unknown, which can only hide
findings, never invent them.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Callable

import libcst as cst

from shapetracer.constraints.core.spec import TF1Graph, TrainingStepMemory
from shapetracer.constraints.core.tracing import Caught
from shapetracer.domain.bounds import Bounds
from shapetracer.domain.dims import Origin
from shapetracer.domain.facts import PathFacts, SolverLimits
from shapetracer.domain.target import DEFAULT as DEFAULT_TARGET, Target
from shapetracer.domain.values import Value
from shapetracer.rules.message import Message
from shapetracer.frontend.assignment import Assigner
from shapetracer.frontend.calls import Calls, Statistics
from shapetracer.frontend.comprehensions import Comprehensions
from shapetracer.frontend.containers import Recorder
from shapetracer.frontend.dispatch import Dispatch, HandlerTable
from shapetracer.frontend.expressions import Evaluator
from shapetracer.frontend.files import FileRecorder
from shapetracer.frontend.functions import Functions
from shapetracer.frontend.loops import Loops
from shapetracer.frontend.modules import Modules
from shapetracer.frontend.operations import Operations
from shapetracer.frontend.reporting import Report, Reporter
from shapetracer.frontend.run import BudgetExceeded, Run
from shapetracer.frontend.scope import ModuleScope
from shapetracer.frontend.source import ParsedSource
from shapetracer.frontend.statements import Statements
from shapetracer.project import Project


class Interpreter:
    """Analyses one entry file (and the user modules it imports); the specs' ``Host``."""

    def __init__(self, bounds: Bounds | None = None, limits: SolverLimits | None = None,
                 possible_failures: bool = False, target: Target = DEFAULT_TARGET, project: Project | None = None):
        run = self.run = Run(bounds or Bounds(), limits or SolverLimits(), possible_failures, target)
        self.reporter = Reporter(run)
        self.dispatch = Dispatch(run, self.reporter)
        self.containers = Recorder(run, self.reporter)
        self.files = FileRecorder(self.reporter.site)  # files read and written, in order (frontend/files.py)
        self.functions = Functions(run, self.dispatch)
        self.calls = Calls(run, self.reporter, self.functions, self)
        self.operations = Operations(run, self.reporter, self.calls, self.functions)
        self.evaluator = Evaluator(run, self.dispatch, self.operations, self.calls, self.containers,
                                   self.files)
        self.assigner = Assigner(run, self.reporter, self.dispatch, self.operations, self.evaluator,
                                 self.containers)
        self.comprehensions = Comprehensions(run, self.dispatch, self.operations, self.assigner)
        self.statements = Statements(run, self.dispatch, self.operations, self.evaluator, self.assigner,
                                     self.calls)
        self.loops = Loops(run, self.dispatch, self.operations, self.assigner)
        self.modules = Modules(run, self.reporter, self.dispatch, self.functions, self.containers, self.files,
                               project)
        self.dispatch.install(handler_table(self))
        self.memory_fit: TrainingStepMemory | None = None  # a Keras fit's step, while it runs
        # Host members that are the run's own objects, never rebound (specs read them at
        # every requirement, so they are plain attributes rather than properties)
        self.limits: SolverLimits = run.limits
        self.possible_failures: bool = run.possible_failures
        self.graph: TF1Graph = run.graph
        self.target: Target = run.target
        self.flags: dict[str, Value] = run.flags
        self.saved_files: dict = run.saved_files
        self._names: dict[str, int] = {}  # unique_name's counts

    # -- entry points ------------------------------------------------------
    def run_file(self, path: str, file: Path | None, parsed: ParsedSource) -> ModuleScope:
        return self.modules.run_file(path, file, parsed)

    def release(self) -> None:
        """Once nothing more is run: unbind every module's names (``Modules.release``), and
        unwire the parts.  The handler table and the host the calls give to specs are the
        only links that run back up from a part to the parts that hold it; with them cut,
        the whole analysis is freed by reference counting, at once, not by the collector."""
        self.modules.release()
        self.dispatch.release()
        self.calls.release()

    @property
    def reports(self) -> list[Report]:
        return self.reporter.reports

    @property
    def stats(self) -> Statistics:
        return self.calls.stats

    @property
    def shape_log(self) -> list[tuple[Origin, Value]] | None:
        """Tensors bound to names, for `shapetracer shapes`, fixes and hovers; None: not kept."""
        return self.reporter.shape_log

    @shape_log.setter
    def shape_log(self, log: list[tuple[Origin, Value]] | None) -> None:
        self.reporter.shape_log = log

    @property
    def expression_log(self) -> list[tuple[Origin, Value]] | None:
        """Every expression's tensor, for an editor's hover; None (the default): not kept."""
        return self.dispatch.expression_log

    @expression_log.setter
    def expression_log(self, log: list[tuple[Origin, Value]] | None) -> None:
        self.dispatch.expression_log = log

    # -- the Host protocol of constraints.core.spec------------------------------
    @property
    def facts(self) -> PathFacts:
        return self.run.state.facts

    @facts.setter
    def facts(self, value: PathFacts) -> None:
        self.run.state.facts = value

    @property
    def undecided(self) -> int:
        return self.run.undecided

    @property
    def device_memory(self) -> str:
        return self.run.bounds.device_memory

    def report(self, code: str, message: Message, site: Origin, related: list[Origin] | None = None,
               confidence: str = "definite") -> None:
        self.reporter.report(code, message, site, related, confidence)

    def catching(self, keep: Callable[[Origin], bool]) -> AbstractContextManager[Caught]:
        return self.reporter.catch.catching(keep)

    def unique_name(self, base: str) -> str:
        count = self._names.get(base, 0)
        self._names[base] = count + 1
        return base if count == 0 else f"{base}_{count}"

    def call_value(self, fn: Value, args: list[Value], kwargs: dict[str, Value], site: Origin) -> Value:
        """A spec calls back into user code (while_loop bodies, Lambda layers)."""
        return self.calls.invoke(fn, args, kwargs, site.node)


def handler_table(parts: Interpreter) -> HandlerTable:
    """Which part handles which syntax: libcst node type -> bound handler.  A type not
    listed is not modelled (``dispatch.py``: an unknown value, a statement that changes
    nothing); tests/frontend/test_handler_table.py lists those on purpose."""
    e, c, a = parts.evaluator, parts.comprehensions, parts.assigner
    s, loops, m = parts.statements, parts.loops, parts.modules
    expressions = {
        cst.Name: e.name,
        cst.Integer: e.integer, cst.Float: e.float_number, cst.Imaginary: e.imaginary,
        cst.SimpleString: e.simple_string, cst.ConcatenatedString: e.concatenated_string,
        cst.FormattedString: e.formatted_string, cst.Ellipsis: e.ellipsis,
        cst.List: e.list_display, cst.Tuple: e.tuple_display, cst.Set: e.set_display, cst.Dict: e.dict_display,
        cst.Attribute: e.attribute_access, cst.Subscript: e.subscription,
        cst.BinaryOperation: e.binary_operation, cst.UnaryOperation: e.unary_operation,
        cst.BooleanOperation: e.boolean_operation, cst.Comparison: e.comparison, cst.IfExp: e.if_expression,
        cst.Lambda: e.lambda_expression, cst.Await: e.await_expression, cst.Yield: e.yield_expression,
        cst.Call: e.call,
        cst.NamedExpr: a.named_expression,
        cst.ListComp: c.list_comprehension, cst.GeneratorExp: c.generator_expression,
        cst.SetComp: c.set_comprehension, cst.DictComp: c.dict_comprehension,
    }
    statements = {
        cst.SimpleStatementLine: s.simple_statement_line,
        cst.If: s.if_statement, cst.With: s.with_statement, cst.Try: s.try_statement, cst.TryStar: s.try_statement,
        cst.FunctionDef: s.function_definition, cst.ClassDef: s.class_definition,
        cst.For: loops.for_loop, cst.While: loops.while_loop,
    }
    small = {
        cst.Expr: s.expression_statement, cst.Assign: s.assignment, cst.AnnAssign: s.annotated_assignment,
        cst.AugAssign: s.augmented_assignment, cst.Return: s.return_statement, cst.Break: s.break_statement,
        cst.Continue: s.continue_statement, cst.Raise: s.raise_statement, cst.Assert: s.assert_statement,
        cst.Del: s.delete, cst.Global: s.global_statement,
        cst.Import: m.import_statement, cst.ImportFrom: m.import_from,
    }
    return HandlerTable(expressions, statements, small)


__all__ = ["Bounds", "BudgetExceeded", "Interpreter", "Report", "Statistics", "handler_table"]
