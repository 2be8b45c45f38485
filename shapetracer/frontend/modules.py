"""Modules: the entry file, the user modules it imports, and the import statements.

``import x`` binds a library reference (``tf``, ``np``: an ``ApiRef`` the specs know by
its canonical name) unless ``x`` is one of the project's own modules, found as Python
would find it for this run (``shapetracer.project``: the entry's folder, ``sys.path``
inserts, the root and its ``src/``, relative imports), which is then parsed and run once,
its globals becoming the module's attributes.  After the entry file has run, the
functions never called, of the entry and of every module it imported, are checked once
with unknown arguments (a helper module is checked through the runs that import it).
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from shapetracer.constraints.core import api_changes
from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.domain.state import State, merge_states
from shapetracer.domain.values import UNKNOWN, ApiRef, ClassVal, Const, Function, Instance, ModuleVal, Value
from shapetracer.frontend.containers import Recorder
from shapetracer.frontend.dispatch import Dispatch
from shapetracer.frontend.files import FileRecorder
from shapetracer.frontend.functions import Functions
from shapetracer.frontend.names import canonical, is_library, star_import
from shapetracer.frontend.reporting import Reporter
from shapetracer.frontend.run import BudgetExceeded, Run
from shapetracer.frontend.scope import ModuleScope
from shapetracer.frontend import blank_tables  # noqa: F401 - imported modules' parses blank tables: loaded
# with the interpreter, before any analysis's clock starts (source imports it only when needed)
from shapetracer.frontend.source import ParsedSource, parse_shared
from shapetracer.project import MemoryFiles, Project, standalone
from shapetracer.project.workspace import script_file

_MAX_MODULES = 64  # user modules one analysis loads


class Modules:
    """Runs modules; the handlers of ``import`` and ``from ... import``."""

    def __init__(self, run: Run, reporter: Reporter, dispatch: Dispatch, functions: Functions,
                 containers: Recorder, files: FileRecorder, project: Project | None = None):
        self.run = run
        self.files = files
        self.reporter = reporter
        self.exec_block = dispatch.exec_block
        self.functions = functions
        self.containers = containers
        # where imports lead: the project the entry belongs to (None: the entry's folder alone)
        self.project = project
        self.modules: dict[Path, ModuleScope] = {}  # by resolved file
        self.main: ModuleScope | None = None  # the entry file's scope

    # -- the entry file ----------------------------------------------------------
    def run_file(self, path: str, file: Path | None, parsed: ParsedSource) -> ModuleScope:
        scope = self.main = ModuleScope(path, file, parsed.text, parsed.module, "__main__", tree=parsed.tree,
                                        tables=parsed.tables)
        if file is not None:
            if self.project is None:
                self.project = standalone(file)
            self.modules[_key(file, self.project)] = scope
        self._run_module(scope)
        self._analyse_uncalled(scope)
        for imported in list(self.modules.values()):
            if imported is not scope:
                self.run.restart_budget()  # a big run must not starve the modules it imports last
                self._analyse_uncalled(imported)
        self.containers.flush()
        return scope

    def release(self) -> None:
        """Unbind every module's names once nothing more is run: a module's functions and
        classes name the module back, so its whole web (values, the tree's sites) waited
        for the cycle collector; unbound, most of it is freed at once."""
        for scope in (self.main, *self.modules.values()):
            if scope is not None:
                scope.globals.clear()

    def _run_module(self, scope: ModuleScope) -> None:
        run = self.run
        scope.globals["__name__"] = Const(scope.name)
        scope.globals["__file__"] = Const(script_file(scope.path, scope.file))  # absolute, as Python's
        saved = run.scope
        run.scope = scope
        try:
            states = self.exec_block(scope.module.body, [State(scope.globals)])
            final = merge_states(states) if states else None
            if final is not None and final.env is not scope.globals:
                scope.globals.update(final.env)
        except BudgetExceeded as exc:
            self.reporter.report(codes.TOO_COMPLEX, Message("{budget} budget exhausted; the rest of the file was "
                                                            "not analysed", budget=str(exc)),
                                 self.reporter.site(scope.module))
        finally:
            run.scope = saved

    def _analyse_uncalled(self, scope: ModuleScope) -> None:
        """Functions never called are checked once with unknown arguments — also those
        defined after a statement that ends every path (the module never binds them)."""
        bound = {id(v.node) for v in scope.globals.values() if isinstance(v, Function)}
        for stmt in scope.module.body:
            if isinstance(stmt, cst.FunctionDef) and id(stmt) not in bound:
                scope.globals.setdefault(stmt.name.value, Function(stmt, scope, None, stmt.name.value))
        self.files.uncalled += 1  # what they read is not read whenever the script runs
        try:
            self._analyse_functions(scope)
        finally:
            self.files.uncalled -= 1

    def _analyse_functions(self, scope: ModuleScope) -> None:
        for value in list(scope.globals.values()):
            functions: list[tuple[Function, Value | None]] = []
            if isinstance(value, Function) and value.module is scope:
                functions.append((value, None))
            elif isinstance(value, ClassVal) and value.module is scope:
                instance = Instance(value)
                functions.extend((f, instance) for f in value.attrs.values() if isinstance(f, Function))
            for function, receiver in functions:
                if id(function.node) in self.run.called:
                    continue
                self.run.graph.traced += function.traced is not None  # a tf.function's body is a graph
                try:
                    self.functions.call_function(function, [receiver] if receiver is not None else [], {},
                                                 unknown_args=True)
                except BudgetExceeded:
                    return
                finally:
                    self.run.graph.traced -= function.traced is not None

    # -- import statements ------------------------------------------------------------
    def import_statement(self, node: cst.Import, state: State) -> None:
        run = self.run
        for alias in node.names:
            dotted = _dotted(alias.name)
            self.reporter.check_api(api_changes.missing_import(dotted, (), run.target), node)
            if alias.asname is not None:
                bound = _name_of(alias.asname.name)
                run.state.env[bound] = self.import_value(dotted, node)
            else:
                root = dotted.split(".", 1)[0]
                run.state.env[root] = self.import_value(root, node)

    def import_from(self, node: cst.ImportFrom, state: State) -> None:
        run = self.run
        module = _dotted(node.module) if node.module is not None else ""
        level = len(node.relative)
        if isinstance(node.names, cst.ImportStar):
            source = self.import_value(module, node, level)
            if isinstance(source, ModuleVal):
                run.state.env.update({k: v for k, v in source.scope.globals.items() if not k.startswith("_")})
            elif isinstance(source, ApiRef) and level == 0:
                # every public name of the library module, as its canonical API name
                for name, qualname, listed in star_import(module, run.target.api_version):
                    spelled = f"{source.spelled}.{name}" if listed and source.spelled else None
                    run.state.env[name] = ApiRef(qualname, spelled)
            return
        if level == 0:
            names = tuple(_dotted(alias.name) for alias in node.names)
            self.reporter.check_api(api_changes.missing_import(module, names, run.target), node)
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
            run.state.env[bound] = value

    def import_value(self, dotted: str, node: cst.CSTNode, level: int = 0) -> Value:
        """A user module beside the importing file, else a library reference."""
        if level == 0 and is_library(dotted):
            return ApiRef(canonical(dotted), dotted)
        module = self._load_user_module(dotted, level)
        if module is not None:
            return module
        return ApiRef(canonical(dotted), dotted) if level == 0 else UNKNOWN

    def _load_user_module(self, dotted: str, level: int) -> ModuleVal | None:
        run = self.run
        if run.scope is None or run.scope.file is None or self.project is None or not (dotted or level):
            return None
        main = self.main.file if self.main is not None else None
        found = self.project.resolve(dotted, level, run.scope.file, main)
        if found is None:
            return None
        key = _key(found, self.project)
        if key in self.modules:
            return ModuleVal(dotted, self.modules[key])
        if len(self.modules) > _MAX_MODULES:
            return None
        data = self.project.read(found)
        if data is None:
            return None
        parsed = parse_shared(key, data, blank=True)
        if not isinstance(parsed, ParsedSource) or parsed.module is None:
            return None
        scope = ModuleScope(self.project.display(found), found, parsed.text, parsed.module, dotted,
                            tree=parsed.tree, tables=parsed.tables)
        self.modules[key] = scope
        saved_state = run.state
        run.callers.append((run.scope, run.current_place))  # reports made at import name the import
        try:
            self._run_module(scope)
        finally:
            run.callers.pop()
            run.state = saved_state
        return ModuleVal(dotted, scope)


def _key(file: Path, project: Project) -> Path:
    """A module's identity: its real path (a job's members are plain already)."""
    if isinstance(project.files, MemoryFiles):
        return file
    try:
        return file.resolve()
    except (OSError, RuntimeError):
        return file


def _dotted(node: cst.CSTNode) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _name_of(node: cst.CSTNode) -> str:
    return node.value if isinstance(node, cst.Name) else _dotted(node)
