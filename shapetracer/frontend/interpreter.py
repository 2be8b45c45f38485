"""The abstract interpreter: statements, control flow and modules.

It walks the libcst tree the way Python would run it, but over abstract
values (``values.py``), one or more paths at a time (``state.py``).  Library
calls go to op specs (``constraints/``), which check shapes and report.

Bounds keep it fast on any input: number of live paths, loop unrolling,
call depth, and a per-file step budget; past a bound values become unknown,
which can only hide findings, never invent them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from shapetracer.rules import codes
from shapetracer.constraints.core import api_changes
from shapetracer.constraints.core.spec import SPECS, TF1Graph, TrainingStepMemory
from shapetracer.domain.bounds import Bounds
from shapetracer.domain.dims import Dim, Origin
from shapetracer.domain.facts import SolverLimits
from shapetracer.rules.message import Message
from shapetracer.domain.target import DEFAULT as DEFAULT_TARGET, Target
from shapetracer.frontend.calls import CallMixin
from shapetracer.frontend.containers import Recorder
from shapetracer.frontend.expressions import UNLEARNED, ExpressionMixin, handler_table, learn_handler
from shapetracer.frontend.names import canonical, is_library, star_import
from shapetracer.frontend.scope import ModuleScope
from shapetracer.frontend.source import ParsedSource, parse_shared
from shapetracer.domain.state import State, StopPath, coalesce, merge_all, merge_states, merge_values
from shapetracer.domain.values import (
    UNKNOWN, ApiRef, ClassVal, Const, DictVal, Function, Instance, ModuleVal, Obj, Seq, ShapeVal, SymInt,
    Tensor, Value,
)


@dataclass
class Report:
    """A raw report from a spec, before suppression and formatting."""

    code: str
    message: Message  # its text and facts
    site: Origin
    related: list[Origin]
    confidence: str = "definite"


class BudgetExceeded(Exception):
    """Raised internally when a file exceeds its step budget."""


@dataclass
class Statistics:
    modelled: int = 0
    not_modelled: int = 0
    not_modelled_names: dict[str, int] = field(default_factory=dict)


class Interpreter(ExpressionMixin, CallMixin):
    """Analyses one entry file (and the user modules it imports)."""

    def __init__(self, bounds: Bounds | None = None, limits: SolverLimits | None = None,
                 possible_failures: bool = False, target: Target = DEFAULT_TARGET):
        self.bounds = bounds or Bounds()
        self.expr_handlers = handler_table(type(self), "expr_")
        self.stmt_handlers = handler_table(type(self), "stmt_")
        self.small_handlers = handler_table(type(self), "small_")
        self.limits = limits or SolverLimits()
        self.possible_failures = possible_failures
        self.reports: list[Report] = []
        self._seen_reports: set[tuple] = set()
        self.stats = Statistics()
        self.modules: dict[Path, ModuleScope] = {}
        self.main: ModuleScope | None = None  # the entry file's scope
        self.flags: dict[str, Value] = {}
        self.names: dict[str, int] = {}
        self.graph = TF1Graph()  # TF1 graph building: mode, variables, summaries, scopes
        self.target = target
        self._comprehension_budget: int | None = None  # items a comprehension may still expand
        # > 0 while executing a branch that may not run (an undecided `if`, a summarised loop
        # body): state kept outside the paths (flags) then only widens
        self.undecided = 0
        self._summary_depth = 0  # summarised loop bodies being run (only the outermost gets two passes)
        self.called: set[int] = set()  # ids of FunctionDef nodes analysed at a call site
        self.call_stack: list[object] = []
        self.steps = 0
        self.started = time.perf_counter()
        self.scope: ModuleScope | None = None  # module of the code being executed
        # the statement line being run, or the ``with`` whose items are being evaluated
        self.current_place: cst.SimpleStatementLine | cst.With | None = None
        self.state: State | None = None  # the path being executed
        # assignments, for `shapetracer shapes`, fixes and hovers; None: not kept
        self.shape_log: list[tuple[Origin, Value]] | None = []
        # every expression's tensor, for an editor's hover; None (the default): not kept
        self.expression_log: list[tuple[Origin, Value]] | None = None
        self.approximations = 0  # forks and loop summaries so far (a generator's yields are exact without)
        self._yields: list[list[Value]] = []
        self._generator_cache: dict[int, bool] = {}
        self.containers = Recorder()  # missing keys, attributes, indices (frontend/containers.py)
        self.memory_fit: TrainingStepMemory | None = None  # a Keras fit's step, while it runs (Host protocol)

    # -- entry points ------------------------------------------------------
    def run_file(self, path: str, file: Path | None, parsed: ParsedSource) -> ModuleScope:
        scope = self.main = ModuleScope(path, file, parsed.text, parsed.module, "__main__", tree=parsed.tree,
                                        tables=parsed.tables)
        if file is not None:
            self.modules[file.resolve()] = scope
        self._run_module(scope)
        self._analyse_uncalled(scope)
        self.containers.flush(self)
        return scope

    def release(self) -> None:
        """Unbind every module's names once nothing more is run: a module's functions and
        classes name the module back, so its whole web (values, the tree's sites) waited
        for the cycle collector; unbound, most of it is freed at once."""
        for scope in (self.main, *self.modules.values()):
            if scope is not None:
                scope.globals.clear()

    def _run_module(self, scope: ModuleScope) -> None:
        scope.globals["__name__"] = Const(scope.name)
        scope.globals["__file__"] = Const(scope.path)
        saved = self.scope
        self.scope = scope
        try:
            states = self.exec_block(scope.module.body, [State(scope.globals)])
            final = merge_states(states) if states else None
            if final is not None and final.env is not scope.globals:
                scope.globals.update(final.env)
        except BudgetExceeded as exc:
            self.report(codes.TOO_COMPLEX, Message("{budget} budget exhausted; the rest of the file was not analysed",
                                                   budget=str(exc)), self.site(scope.module))
        finally:
            self.scope = saved

    def _analyse_uncalled(self, scope: ModuleScope) -> None:
        """Functions never called are checked once with unknown arguments — also those
        defined after a statement that ends every path (the module never binds them)."""
        bound = {id(v.node) for v in scope.globals.values() if isinstance(v, Function)}
        for stmt in scope.module.body:
            if isinstance(stmt, cst.FunctionDef) and id(stmt) not in bound:
                scope.globals.setdefault(stmt.name.value, Function(stmt, scope, None, stmt.name.value))
        for value in list(scope.globals.values()):
            functions: list[tuple[Function, Value | None]] = []
            if isinstance(value, Function) and value.module is scope:
                functions.append((value, None))
            elif isinstance(value, ClassVal) and value.module is scope:
                instance = Instance(value)
                functions.extend((f, instance) for f in value.attrs.values() if isinstance(f, Function))
            for function, receiver in functions:
                if id(function.node) in self.called:
                    continue
                try:
                    self.call_function(function, [receiver] if receiver is not None else [], {},
                                       unknown_args=True)
                except BudgetExceeded:
                    return

    # -- reporting (the Host protocol of constraints.core.spec) -------------------
    @property
    def facts(self):
        return self.state.facts

    @facts.setter
    def facts(self, value):
        self.state.facts = value

    @property
    def device_memory(self) -> str:
        return self.bounds.device_memory

    def report(self, code: str, message: Message, site: Origin, related: list[Origin] | None = None,
               confidence: str = "definite") -> None:
        key = (site.path, id(site.node), code, message.text)
        if key in self._seen_reports:
            return
        self._seen_reports.add(key)
        self.reports.append(Report(code, message, site, related or [], confidence))

    def check_api(self, finding, node: cst.CSTNode) -> None:
        """Report an API change (constraints.core.api_changes) found at ``node``."""
        if finding is not None:
            self.report(finding.code, finding.message, self.site(node))

    def unique_name(self, base: str) -> str:
        count = self.names.get(base, 0)
        self.names[base] = count + 1
        return base if count == 0 else f"{base}_{count}"

    def site(self, node: cst.CSTNode) -> Origin:
        place = self.current_place  # where the node is, should a report name it
        if type(place) is cst.SimpleStatementLine:
            self.scope.hint(node, place)
        elif place is not None:
            self.scope.hint_header(node, place)
        return Origin(self.scope.path, node, self.scope)

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.bounds.steps:
            raise BudgetExceeded("step")
        if self.steps % 512 == 0 and time.perf_counter() - self.started > self.bounds.seconds:
            raise BudgetExceeded("time")

    # -- blocks and statements ---------------------------------------------
    def exec_block(self, body, states: list[State]) -> list[State]:
        for stmt in body:
            live = [s for s in states if s.live]
            if not live:
                break
            done = [s for s in states if not s.live]
            next_states: list[State] = []
            for state in live:
                next_states.extend(self.exec_stmt(stmt, state))
            states = done + self._bound_paths(next_states)
        return states

    def _bound_paths(self, states: list[State]) -> list[State]:
        live = [s for s in states if s.live]
        if len(live) <= self.bounds.max_paths:
            return states
        return [s for s in states if not s.live] + [merge_states(live)]

    def exec_stmt(self, stmt: cst.CSTNode, state: State) -> list[State]:
        self.tick()
        handler = self.stmt_handlers.get(type(stmt), UNLEARNED)
        if handler is UNLEARNED:
            handler = learn_handler(self.stmt_handlers, type(self), "stmt_", type(stmt))
        if handler is None:
            return [state]
        previous, self.state = self.state, state
        try:
            return handler(self, stmt, state)
        except StopPath:
            state.flow = "raise"
            return [state]
        except (BudgetExceeded, RecursionError):
            raise
        except Exception as exc:  # an internal bug must not lose the file
            self.report(codes.INTERNAL_ERROR,
                        Message("internal error while analysing this statement: {error}: {detail}",
                                error=type(exc).__name__, detail=str(exc)),
                        self.site(stmt), confidence="possible")
            _forget_assigned(stmt, state)
            return [state]
        finally:
            self.state = previous

    def stmt_SimpleStatementLine(self, stmt: cst.SimpleStatementLine, state: State) -> list[State]:
        states = [state]
        previous, self.current_place = self.current_place, stmt
        try:
            for small in stmt.body:
                states = [r for s in states for r in (self.exec_small(small, s) if s.live else [s])]
        finally:
            self.current_place = previous
        return states

    def exec_small(self, small: cst.CSTNode, state: State) -> list[State]:
        previous, self.state = self.state, state
        try:
            handler = self.small_handlers.get(type(small), UNLEARNED)
            if handler is UNLEARNED:
                handler = learn_handler(self.small_handlers, type(self), "small_", type(small))
            if handler is not None:
                handler(self, small, state)
            return [self.state]
        except StopPath:
            state.flow = "raise"
            return [state]
        finally:
            self.state = previous

    def small_Expr(self, node: cst.Expr, state: State) -> None:
        self.eval(node.value)

    def small_Assign(self, node: cst.Assign, state: State) -> None:
        value = self.eval(node.value)
        for target in node.targets:
            self.assign(target.target, value, node)

    def small_AnnAssign(self, node: cst.AnnAssign, state: State) -> None:
        if node.value is not None:
            self.assign(node.target, self.eval(node.value), node)

    def small_AugAssign(self, node: cst.AugAssign, state: State) -> None:
        current = self.eval(node.target)
        value = self.binary(type(node.operator).__name__.replace("Assign", ""), current,
                            self.eval(node.value), node)
        self.assign(node.target, value, node)

    def small_Return(self, node: cst.Return, state: State) -> None:
        value = self.eval(node.value) if node.value is not None else Const(None)
        self.state.flow = "return"
        self.state.returned = value

    def small_Break(self, node, state: State) -> None:
        self.state.flow = "break"

    def small_Continue(self, node, state: State) -> None:
        self.state.flow = "continue"

    def small_Raise(self, node, state: State) -> None:
        self.state.flow = "raise"

    def small_Assert(self, node: cst.Assert, state: State) -> None:
        self.eval(node.test)

    def small_Del(self, node: cst.Del, state: State) -> None:
        if isinstance(node.target, cst.Name):
            self.state.env.pop(node.target.value, None)
        elif isinstance(node.target, cst.Subscript):
            owner = self.eval(node.target.value)
            if isinstance(owner, Obj):
                self._object_item(owner, "__delitem__", node.target, [], node)

    def small_Global(self, node, state: State) -> None:
        return None

    def small_Import(self, node: cst.Import, state: State) -> None:
        for alias in node.names:
            dotted = _dotted(alias.name)
            self.check_api(api_changes.missing_import(dotted, (), self.target), node)
            if alias.asname is not None:
                bound = _name_of(alias.asname.name)
                self.state.env[bound] = self.import_value(dotted, node)
            else:
                root = dotted.split(".", 1)[0]
                self.state.env[root] = self.import_value(root, node)

    def small_ImportFrom(self, node: cst.ImportFrom, state: State) -> None:
        module = _dotted(node.module) if node.module is not None else ""
        level = len(node.relative)
        if isinstance(node.names, cst.ImportStar):
            source = self.import_value(module, node, level)
            if isinstance(source, ModuleVal):
                self.state.env.update({k: v for k, v in source.scope.globals.items() if not k.startswith("_")})
            elif isinstance(source, ApiRef) and level == 0:
                # every public name of the library module, as its canonical API name
                for name, qualname, listed in star_import(module, self.target.api_version):
                    spelled = f"{source.spelled}.{name}" if listed and source.spelled else None
                    self.state.env[name] = ApiRef(qualname, spelled)
            return
        if level == 0:
            names = tuple(_dotted(alias.name) for alias in node.names)
            self.check_api(api_changes.missing_import(module, names, self.target), node)
        for alias in node.names:
            name = _dotted(alias.name)
            bound = _name_of(alias.asname.name) if alias.asname is not None else name
            source = self.import_value(module, node, level) if (module or level) else UNKNOWN
            if isinstance(source, ModuleVal):
                value = source.scope.globals.get(name)
                if value is None:
                    value = self.import_value(f"{module}.{name}", node, level)
            elif isinstance(source, ApiRef):
                spelled = f"{source.spelled}.{name}" if source.spelled else None
                value = ApiRef(canonical(f"{source.qualname}.{name}"), spelled)
            else:
                value = self.import_value(f"{module}.{name}", node, level)
            self.state.env[bound] = value

    # -- compound statements -------------------------------------------------
    def stmt_If(self, node: cst.If, state: State) -> list[State]:
        truth = self.truth(self.eval(node.test))
        orelse = node.orelse
        if truth is True:
            return self.exec_block(node.body.body, [state])
        if truth is False:
            return self._exec_else(orelse, state)
        self.approximations += 1
        other = state.fork()
        self.undecided += 1
        try:
            return coalesce(self.exec_block(node.body.body, [state]) + self._exec_else(orelse, other))
        finally:
            self.undecided -= 1

    def _exec_else(self, orelse, state: State) -> list[State]:
        if orelse is None:
            return [state]
        if isinstance(orelse, cst.If):
            return self.exec_stmt(orelse, state)
        return self.exec_block(orelse.body.body, [state])

    def stmt_For(self, node: cst.For, state: State) -> list[State]:
        iterable = self.eval(node.iter)
        items = self.iteration_items(iterable)
        if items is not None and len(items) <= self.bounds.unroll:
            return self._unrolled_loop(node, items, state)
        element = self.iteration_element(iterable)
        first = _first_item(iterable, items)
        return self._summarised_loop(node, state, lambda: self.assign(node.target, element, node),
                                     first=None if first is None else lambda: self.assign(node.target, first, node))

    def _unrolled_loop(self, node: cst.For, items: list[Value], state: State) -> list[State]:
        states = [state]
        exited: list[State] = []
        started = self.steps
        for index, item in enumerate(items):
            live = [s for s in states if s.live]
            exited.extend(s for s in states if not s.live)
            if not live:
                break
            if index and (self.steps - started) * len(items) > self.bounds.unroll_steps * index:
                return self._summarised_tail(node, items[index:], live, exited)
            for s in live:
                self._with_state(s, lambda: self.assign(node.target, item, node))
            states = self.exec_block(node.body.body, live)
            for s in states:
                if s.flow == "continue":
                    s.flow = None
            broken = [s for s in states if s.flow == "break"]
            for s in broken:
                s.flow = None
            exited.extend(broken)
            states = [s for s in states if s not in broken]
        finished = [s for s in states if s.live]
        others = [s for s in states if not s.live]
        if node.orelse is not None and finished:
            finished = self.exec_block(node.orelse.body.body, finished)
        return self._bound_paths(finished + exited + others)

    def _summarised_tail(self, node: cst.For, rest: list[Value], live: list[State],
                         exited: list[State]) -> list[State]:
        """The remaining iterations of an unrolled loop that grew too costly, summarised from
        the join of the paths entering the next one: the target is bound to the join of the
        remaining items, and the body runs at least once (there are items left)."""
        element = merge_all(rest)
        entry = merge_states(live)
        tail = self._summarised_loop(node, entry, lambda: self.assign(node.target, element, node), runs=True)
        return self._bound_paths(tail + exited)

    def _summarised_loop(self, node, state: State, bind, runs: bool = False, first=None) -> list[State]:
        """Run the body from a fork for the first iteration (``first`` binds the loop target
        to the first item when it is known, else ``bind`` to any item), then — when the body
        assigns variables that live across iterations, or the first item was used — once
        more for any later iteration (only for the outermost summarised loop),
        from the entry state with those variables joined with their values after the first
        pass and the target bound to any item: each pass sees values that occur together
        (``if i == 0: total = x else: total = concat(total, x)`` never meets ``total = None``
        with ``i > 0``).  Values the loop changes become their join.  ``runs``: the body is
        known to run at least once (a ``while`` whose test holds on entry), so when every
        path through it raises or returns, nothing continues after the loop."""
        self.approximations += 1
        lengths = _container_lengths(state.env)
        states = self._loop_pass(node, state, first or bind, lengths)
        carried = [name for name in self._assigned_names(node.body) if name in state.env]
        if (carried or first is not None) and not self._summary_depth:
            looped = [s for s in states if s.flow not in ("return", "raise")]
            if looped:
                after = merge_states(looped)
                later = state.fork()
                for name in carried:
                    later.env[name] = merge_values(state.env[name], after.env.get(name, UNKNOWN))
                states = states + self._loop_pass(node, later, bind, lengths)
        returned = [s for s in states if s.flow in ("return", "raise")]
        looped = [s for s in states if s.flow not in ("return", "raise")]
        for s in looped:
            s.flow = None
        if looped:
            after = merge_states(looped)
            merged_env = dict(state.env)
            for name, value in after.env.items():
                before = state.env.get(name)
                merged_env[name] = value if before is None else merge_values(before, value)
            joined = State(merged_env, state.facts.common_prefix(after.facts))
        elif runs and returned:
            return returned
        else:
            joined = state
        if getattr(node, "orelse", None) is not None:
            return self.exec_block(node.orelse.body.body, [joined]) + returned
        return [joined] + returned

    def _assigned_names(self, body: cst.CSTNode) -> list[str]:
        """``_assigned_names``, once per loop body and analysis (a loop inside a helper is
        summarised at every call; the trees live as long as the interpreter)."""
        cache = self.__dict__.setdefault("_assigned_cache", {})
        found = cache.get(id(body))
        if found is None:
            walrus = self.scope is None or ":=" in self.scope.text
            found = cache[id(body)] = _assigned_names(body, walrus)
        return found

    def _loop_pass(self, node, state: State, bind, lengths: list) -> list[State]:
        """One run of a summarised loop's body from a fork of ``state``."""
        body_state = state.fork()
        self._with_state(body_state, bind)
        self.undecided += 1
        self._summary_depth += 1
        try:
            return self.exec_block(node.body.body, [body_state])
        finally:
            self.undecided -= 1
            self._summary_depth -= 1
            # the body ran for any number of iterations: a list it grew (shared by the
            # states, mutated in place) has no known length after it
            for container, length in lengths:
                if len(container.items) != length:
                    container.sized = False

    def stmt_While(self, node: cst.While, state: State) -> list[State]:
        truth = self.truth(self._with_state(state, lambda: self.eval(node.test)))
        if truth is False:
            return self._exec_else(node.orelse, state) if node.orelse else [state]
        return self._summarised_loop(node, state, lambda: None, runs=truth is True)

    def stmt_With(self, node: cst.With, state: State) -> list[State]:
        scopes = 0
        previous, self.current_place = self.current_place, node
        try:
            for item in node.items:
                value = self.eval(item.item)
                if isinstance(value, Obj) and value.type_name == "tf.variable_scope":
                    name = value.attrs.get("name")
                    self.graph.variable_scopes.append(name.value if isinstance(name, Const) else None)
                    scopes += 1
                if item.asname is not None:
                    entered = self.enter_context(value, item)
                    self.assign(item.asname.name, entered, item)
        finally:
            self.current_place = previous
        try:
            return self.exec_block(node.body.body, [state])
        finally:
            del self.graph.variable_scopes[len(self.graph.variable_scopes) - scopes:]

    def stmt_Try(self, node: cst.Try, state: State) -> list[State]:
        entry = state.fork()
        states = self.exec_block(node.body.body, [state])
        if node.handlers:
            # A path that raised in the body continues in a handler (from the entry state below).
            states = [s for s in states if s.flow != "raise"]
        if node.orelse is not None:
            states = self.exec_block(node.orelse.body.body, states)
        handler_states: list[State] = []
        for handler in node.handlers:
            start = entry.fork()
            if handler.name is not None:
                self._with_state(start, lambda: self.assign(handler.name.name, UNKNOWN, handler))
            handler_states.extend(self.exec_block(handler.body.body, [start]))
        if handler_states:
            states = states + [merge_states(handler_states)]
        if node.finalbody is not None:
            states = self.exec_block(node.finalbody.body.body, states)
        return self._bound_paths(states)

    stmt_TryStar = stmt_Try

    def stmt_FunctionDef(self, node: cst.FunctionDef, state: State) -> list[State]:
        closure = None if state.env is self.scope.globals else state.env
        for decorator in node.decorators:
            self.eval(decorator.decorator)  # analysed for its own calls; the function is bound undecorated
        state.env[node.name.value] = Function(node, self.scope, closure, node.name.value)
        return [state]

    def stmt_ClassDef(self, node: cst.ClassDef, state: State) -> list[State]:
        bases = [self.eval(arg.value) for arg in node.bases]
        namespace = State({}, state.facts)
        saved_closure_env = namespace.env
        self.exec_block(node.body.body, [namespace])
        cls = ClassVal(node.name.value, bases, saved_closure_env, self.scope)
        for value in saved_closure_env.values():
            if isinstance(value, Function):
                value.closure = None  # methods see module globals, not the class body
        state.env[node.name.value] = cls
        return [state]

    # -- helpers ---------------------------------------------------------------
    def _with_state(self, state: State, fn):
        previous, self.state = self.state, state
        try:
            return fn()
        finally:
            self.state = previous

    def truth(self, value: Value) -> bool | None:
        if isinstance(value, Const):
            try:
                return bool(value.value)
            except Exception:
                return None
        if isinstance(value, Seq):
            return bool(value.items) if value.kind == "tuple" or value.items else None
        if isinstance(value, SymInt):
            result = value.dim.ne(0)
            return result if isinstance(result, bool) else None
        if isinstance(value, (Function, ClassVal, ModuleVal)):
            return True
        if isinstance(value, ApiRef):
            return True if not value.qualname.endswith("FLAGS") else None
        return None

    def assign(self, target: cst.CSTNode, value: Value, stmt: cst.CSTNode) -> None:
        env = self.state.env
        if isinstance(target, cst.Name):
            env[target.value] = value
            if isinstance(value, Tensor) and self.shape_log is not None:
                self.shape_log.append((self.site(target), value))
        elif isinstance(target, (cst.Tuple, cst.List)):
            self._unpack(target, value, stmt)
        elif isinstance(target, cst.Attribute):
            owner = self.eval(target.value)
            if isinstance(owner, (Instance, Obj)):
                owner.attrs[target.attr.value] = value
            elif isinstance(owner, ApiRef) and owner.qualname.endswith("FLAGS") and owner.qualname != "FLAGS":
                # `if FLAGS.width is None: FLAGS.width = FLAGS.height`: the flag keeps the
                # value for the rest of the program; flags live outside the paths, so in a
                # branch that may not run the old and new values are joined
                name = target.attr.value
                self.flags[name] = merge_values(self.flags.get(name, UNKNOWN), value) if self.undecided else value
        elif isinstance(target, cst.Subscript):
            owner = self.eval(target.value)
            if isinstance(owner, DictVal) and len(target.slice) == 1 \
                    and isinstance(target.slice[0].slice, cst.Index):
                owner.set(self.eval(target.slice[0].slice.value), value)
            elif isinstance(owner, Seq) and len(target.slice) == 1 \
                    and isinstance(target.slice[0].slice, cst.Index):
                index = self.eval(target.slice[0].slice.value)
                if isinstance(index, Const) and isinstance(index.value, int) \
                        and -len(owner.items) <= index.value < len(owner.items):
                    owner.items[index.value] = value
            elif isinstance(owner, Obj):
                self._object_item(owner, "__setitem__", target, [value], stmt)
        elif isinstance(target, cst.StarredElement):
            self.assign(target.value, UNKNOWN, stmt)

    def _object_item(self, owner: Obj, hook: str, target: cst.Subscript, extra: list[Value], node) -> None:
        """``obj[key] = value`` / ``del obj[key]`` on a library object whose type models the
        hook (a pandas DataFrame gains or loses a column).  The object is shared by every
        path, so the hook is told when this branch may not run."""
        name = f"{owner.type_name}.{hook}"
        if name in SPECS:
            key = self._index_value(target.slice)
            self.call_api(name, [owner, key, *extra], {"undecided": Const(self.undecided > 0)}, node, quiet=True)

    def _unpack(self, target, value: Value, stmt) -> None:
        elements = [e.value for e in target.elements]
        starred = [i for i, e in enumerate(target.elements) if isinstance(e.value, cst.StarredElement)
                   or isinstance(e, cst.StarredElement)]
        items = self.iteration_items(value)
        if items is not None and not starred and len(items) == len(elements):
            for element, item in zip(elements, items):
                self.assign(element, item, stmt)
            return
        for element in elements:
            self.assign(element, UNKNOWN, stmt)

    def enter_context(self, value: Value, item) -> Value:
        if isinstance(value, (Obj, Instance)):
            return value
        return UNKNOWN

    # -- imports -----------------------------------------------------------------
    def import_value(self, dotted: str, node: cst.CSTNode, level: int = 0) -> Value:
        """A user module beside the importing file, else a library reference."""
        if level == 0 and is_library(dotted):
            return ApiRef(canonical(dotted), dotted)
        module = self._load_user_module(dotted, level)
        if module is not None:
            return module
        return ApiRef(canonical(dotted), dotted) if level == 0 else UNKNOWN

    def _load_user_module(self, dotted: str, level: int) -> ModuleVal | None:
        if self.scope is None or self.scope.file is None or not dotted:
            return None
        base = self.scope.file.parent
        for _ in range(max(level - 1, 0)):
            base = base.parent
        parts = dotted.split(".")
        candidates = [base.joinpath(*parts).with_suffix(".py"), base.joinpath(*parts, "__init__.py")]
        for candidate in candidates:
            try:
                if not candidate.is_file():
                    continue
                resolved = candidate.resolve()
            except OSError:
                continue
            if resolved in self.modules:
                return ModuleVal(dotted, self.modules[resolved])
            if len(self.modules) > 64:
                return None
            try:
                data = candidate.read_bytes()
            except OSError:
                return None
            parsed = parse_shared(resolved, data, blank=True)
            if not isinstance(parsed, ParsedSource):
                return None
            path = _display_path(candidate)
            scope = ModuleScope(path, candidate, parsed.text, parsed.module, dotted, tree=parsed.tree,
                                tables=parsed.tables)
            self.modules[resolved] = scope
            saved_state = self.state
            try:
                self._run_module(scope)
            finally:
                self.state = saved_state
            return ModuleVal(dotted, scope)
        return None

    def fresh_int(self, lower: int | None = 0) -> SymInt:
        return SymInt(Dim.fresh("i", lower))


def _forget_assigned(stmt: cst.CSTNode, state: State) -> None:
    """After an internal error, names the statement may have bound are unknown:
    keeping their old values could turn our bug into a false alarm."""

    class Targets(cst.CSTVisitor):
        def _forget(self, target: cst.CSTNode) -> None:
            for name in _names_in(target):
                state.env[name] = UNKNOWN

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._forget(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._forget(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            self._forget(node.target)

        def visit_For(self, node: cst.For) -> None:
            self._forget(node.target)

    stmt.visit(Targets())


def _names_in(target: cst.CSTNode) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in _names_in(element.value)]
    if isinstance(target, cst.StarredElement):
        return _names_in(target.value)
    return []


def _display_path(file: Path) -> str:
    try:
        return str(file.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(file)


def _dotted(node: cst.CSTNode) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _name_of(node: cst.CSTNode) -> str:
    return node.value if isinstance(node, cst.Name) else _dotted(node)


__all__ = ["Bounds", "Interpreter", "Report", "ShapeVal", "Statistics"]


def _first_item(iterable: Value, items: list[Value] | None) -> Value | None:
    """The first item a loop gets, when it is known (``range(0, n)`` starts at 0)."""
    if items:
        return items[0]
    if isinstance(iterable, Obj) and iterable.type_name == "builtins.range":
        start = iterable.attrs.get("start")
        return start if isinstance(start, (Const, SymInt)) else None
    return None


_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _assigned_names(body: cst.CSTNode, walrus: bool = True) -> list[str]:
    """Names a loop body binds (assignments, loop targets, ``with ... as``, ``:=``), not
    counting those bound inside nested functions, classes and comprehensions.  ``walrus``:
    whether the text may hold a ``:=``; without one, no expression binds a name, so the
    walk skips expressions (most of a loop body's nodes; the names come in the same order)."""
    from shapetracer.frontend.scope import child_nodes
    found: dict[str, None] = {}
    stack = [body]
    while stack:
        current = stack.pop()
        targets: list[cst.CSTNode] = []
        if isinstance(current, cst.AssignTarget):
            targets.append(current.target)
        elif isinstance(current, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
            targets.append(current.target)
        elif isinstance(current, cst.AsName):
            targets.append(current.name)
        for target in targets:
            found.update(dict.fromkeys(_names_in(target)))
        if current is body or not isinstance(current, _SCOPES) and (walrus or not isinstance(current, cst.BaseExpression)):
            stack.extend(child_nodes(current))
    return list(found)


def _container_lengths(env: dict[str, Value]) -> list[tuple[Seq, int]]:
    """The lists reachable from the variables (through lists, tuples, dicts and object
    attributes, a few levels deep) with their current lengths."""
    found: dict[int, tuple[Seq, int]] = {}
    stack: list[tuple[Value, int]] = [(value, 0) for value in env.values()]
    while stack:
        value, depth = stack.pop()
        if depth > 4:
            continue
        if isinstance(value, Seq):
            if id(value) in found:
                continue
            found[id(value)] = (value, len(value.items))
            stack.extend((item, depth + 1) for item in value.items)
        elif isinstance(value, DictVal):
            stack.extend((v, depth + 1) for _, v in value.entries)
        elif isinstance(value, (Obj, Instance)):
            stack.extend((v, depth + 1) for v in value.attrs.values())
    return list(found.values())

