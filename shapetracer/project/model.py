"""The project model: modules, the scripts among them, and which reach which.

``load_project(files)`` finds the root of the checked files, reads each with CPython's
parser (a module's imports and ``sys.path`` changes, whether it is run as a script), reads
other modules of the root only when an import reaches them or, for a checked module no
checked script runs, when they may import it, and answers the engine's questions:

- ``analyses(targets)``: the runs that cover the checked files: each script that reaches
  one of them (with what it imports), and each checked module that no script reaches, on
  its own;
- ``search_path(script)`` / ``resolve(...)``: where an import of that run leads;
- ``reached(script)`` / ``importers(file)``: the files a run reads, and the files whose
  runs an edit of ``file`` changes (for the cache and the editor).
"""

from __future__ import annotations

import ast
import hashlib
import os
import threading
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from shapetracer.project.entries import console_script_modules, is_main_guard
from shapetracer.project.syntax import parse_bytes
from shapetracer.project.files import DiskFiles, Files, MemoryFiles
from shapetracer.project.resolve import Resolver, SearchPath
from shapetracer.project.root import common_root, is_marked
from shapetracer.project.syspath import Added, added_paths

MAX_MODULE_BYTES = 1024 * 1024  # larger files are not read for imports (generated tables)


@dataclass(frozen=True)
class Import:
    """One import statement's module: ``from .a.b import c, d`` is ("a.b", 1, ("c", "d"))."""

    module: str
    level: int
    names: tuple[str, ...] = ()


@dataclass
class Module:
    file: Path
    main: bool = False  # has an ``if __name__ == "__main__":`` block
    works: bool = False  # does work at module level (a call, a loop, a ``with``): a script without a guard
    imports: tuple[Import, ...] = ()
    added: tuple[Added, ...] = ()


@dataclass
class Project:
    root: Path
    files: Files = field(default_factory=DiskFiles)
    modules: dict[Path, Module] = field(default_factory=dict)
    console_scripts: tuple[Path, ...] = ()
    checked: tuple[Path, ...] = ()  # the modules read up front (the checked files), path order
    search_importers: bool = False  # look through the root for scripts importing a checked module
    # modules read before (a warm run's, from the cache), by (file, content digest): a module's
    # summary depends on its path, its bytes and the root alone; new ones are added here
    known: dict[tuple[Path, str], Module] = field(default_factory=dict, repr=False)
    resolver: Resolver = field(init=False)
    _reached: dict[Path, tuple[Path, ...]] = field(default_factory=dict, repr=False)
    _search: dict[Path, SearchPath] = field(default_factory=dict, repr=False)
    _scripts: list[Path] | None = field(default=None, repr=False)
    _shown: dict[tuple[Path, str], str] = field(default_factory=dict, repr=False)  # display's answers

    def __post_init__(self) -> None:
        self.resolver = Resolver(self.files)

    # -- runs -------------------------------------------------------------------------
    def scripts(self) -> list[Path]:
        """The modules a run starts at, in path order (see ``entries``): those with a
        ``__main__`` block, console scripts, and modules no other module's run reaches
        (of two that reach each other and nothing else, the first in path order)."""
        if self._scripts is None:
            files = sorted(self.checked)
            runs = [f for f in files if self.modules[f].main or f in self.console_scripts]
            covered = {r for run in runs for r in self.reached(run)}
            rest = [f for f in files if f not in covered]
            reached_by_other = {r for f in rest for r in self.reached(f) if r != f}
            for file in [f for f in rest if f not in reached_by_other] + rest:  # roots, then cycles
                if file not in covered:
                    runs.append(file)
                    covered.update(self.reached(file))
            self._scripts = sorted(runs)
        return self._scripts

    def analyses(self, targets: list[Path]) -> list[Path]:
        """The runs covering ``targets`` (absolute files), in path order: each script that
        reaches one of them; for a target only a module nobody runs reaches, the scripts of
        the repository that import it (``_scripts_outside``); the rest on their own."""
        wanted = set(targets)
        runs: list[Path] = []
        covered: set[Path] = set()
        scripts = self.scripts()
        idle = [s for s in scripts if not self._runs_itself(s)]
        for script in [s for s in scripts if s not in idle]:
            reached = set(self.reached(script))
            if reached & wanted:
                runs.append(script)
                covered |= reached
        if wanted - covered and self.search_importers:
            for script in self._scripts_outside(wanted - covered):
                runs.append(script)
                covered |= set(self.reached(script))
        for script in idle:
            reached = set(self.reached(script))
            if reached & (wanted - covered):
                runs.append(script)
                covered |= reached
        runs.extend(wanted - covered)
        return sorted(set(runs))

    def _runs_itself(self, file: Path) -> bool:
        """Whether ``file`` is run as a script (a ``__main__`` block, work at module level,
        a console script) rather than only because nothing checked imports it."""
        module = self.modules.get(file)
        return file in self.console_scripts or module is None or module.main or module.works

    def search_path(self, script: Path) -> SearchPath:
        """The folders the run of ``script`` searches, with what the modules it reaches add
        to ``sys.path`` (see ``resolve``)."""
        if script not in self._search:
            self._walk(script)
        return self._search[script]

    def reached(self, script: Path) -> tuple[Path, ...]:
        """``script`` and the project files its run imports, directly or not, in the order
        first met."""
        if script not in self._reached:
            self._walk(script)
        return self._reached[script]

    def importers(self, file: Path) -> set[Path]:
        """The scripts (and ``file`` itself) whose runs read ``file``."""
        return {script for script in [*self.scripts(), file] if file in self.reached(script)}

    def resolve(self, dotted: str, level: int, importer: Path | None, script: Path | None) -> Path | None:
        """The project file ``import dotted`` (``level`` dots) in ``importer`` names during
        the run of ``script``; None for a library or a module that does not exist."""
        search = self.search_path(script) if script is not None else self._default_search(importer)
        return self.resolver.module_file(dotted, level, importer, search)

    def read(self, file: Path) -> bytes | None:
        return self.files.read(file)

    def display(self, file: Path) -> str:
        """How findings name ``file``: a job's member name, else the path relative to the
        working folder (as the checked paths were given)."""
        if isinstance(self.files, MemoryFiles):
            return self.files.name(file)
        key = (file, os.getcwd())
        shown = self._shown.get(key)
        if shown is None:
            try:
                shown = str(file.resolve().relative_to(Path.cwd().resolve()))
            except (ValueError, OSError, RuntimeError):
                shown = str(file)
            self._shown[key] = shown
        return shown

    # -- internals -------------------------------------------------------------------------
    def _scripts_outside(self, modules: set[Path]) -> list[Path]:
        """The scripts of the root, outside the checked files, whose runs reach one of
        ``modules`` (path order): ``check models.py`` sees the values ``train.py`` gives it.
        Only files that spell one of the modules' names are parsed."""
        names = {(m.parent.name if m.name == "__init__.py" else m.stem).encode() for m in modules}
        found = []
        checked = set(self.checked)
        for file in self.files.python_files([self.root]):
            if file in checked or file.suffix != ".py":
                continue
            data = self.files.read(file)
            if data is None or not any(name in data for name in names):
                continue
            module = self.modules.get(file) or self._read_outside(file)
            if module is not None and (module.main or module.works) and modules & set(self.reached(file)):
                found.append(file)
        return found

    def _default_search(self, importer: Path | None) -> SearchPath:
        return SearchPath(script=importer.parent if importer is not None else None, roots=self._roots())

    def _roots(self) -> tuple[Path, ...]:
        src = self.root / "src"
        return (self.root, src) if self.files.is_dir(src) else (self.root,)

    def _walk(self, script: Path) -> None:
        """Follow the imports of ``script``'s run to a fixed point: a module met later may
        add folders to ``sys.path`` that change where earlier imports lead."""
        added: list[Added] = []
        while True:
            search = self._search_with(script, added)
            order, seen_added = self._reached_from(script, search)
            if seen_added == added:
                break
            added = seen_added
        self._search[script] = search
        self._reached[script] = tuple(order)

    def _search_with(self, script: Path, added: list[Added]) -> SearchPath:
        return SearchPath(front=tuple(a.path for a in added if a.front), script=script.parent,
                          back=tuple(a.path for a in added if not a.front), roots=self._roots())

    def _reached_from(self, script: Path, search: SearchPath) -> tuple[list[Path], list[Added]]:
        order: list[Path] = []
        added: list[Added] = []
        queue = [script, *_enclosing_packages(script, self.files)]
        while queue:
            file = queue.pop(0)
            if file in order:
                continue
            order.append(file)
            module = self.modules.get(file) or self._read_outside(file)
            if module is None:
                continue
            added.extend(a for a in module.added if a not in added)
            for found in self._imported_files(module, search):
                if found not in order:
                    queue.append(found)
        return order, added

    def _imported_files(self, module: Module, search: SearchPath) -> list[Path]:
        files = []
        for item in module.imports:
            target = self.resolver.module_file(item.module, item.level, module.file, search)
            if target is not None:
                if item.level == 0:  # importing a.b.c runs a/__init__.py and a/b/__init__.py first
                    parts = item.module.split(".")
                    for depth in range(1, len(parts)):
                        package = self.resolver.module_file(".".join(parts[:depth]), 0, module.file, search)
                        if package is not None and package.name == "__init__.py":
                            files.append(package)
                files.append(target)
            for name in item.names:  # ``from pkg import module``
                dotted = f"{item.module}.{name}" if item.module else name
                sub = self.resolver.module_file(dotted, item.level, module.file, search)
                if sub is not None:
                    files.append(sub)
        return [_resolved(f, self.files) for f in files]

    def _read_outside(self, file: Path) -> Module | None:
        """A module reached by an import but outside the checked folders (inside the root
        or on an added path): read on demand."""
        module = read_module(file, self.root, self.files, self.known)
        if module is not None:
            self.modules.setdefault(file, module)
        return module


_RESOLVED: dict[Path, Path] = {}


def _resolved(path: Path, files: Files) -> Path:
    """A path without symlinks and dots (a job's members are already plain)."""
    if isinstance(files, MemoryFiles):
        return path
    known = _RESOLVED.get(path)
    if known is None:
        try:
            known = path.resolve()
        except (OSError, RuntimeError):
            known = path
        if len(_RESOLVED) < 100_000:
            _RESOLVED[path] = known
    return known


def _enclosing_packages(file: Path, files: Files) -> list[Path]:
    """The ``__init__.py`` files of the regular packages around ``file``, innermost first:
    a module run inside a package (``python -m pkg.cli``, a console script) imports them."""
    found = []
    folder = file.parent
    while files.is_file(folder / "__init__.py") and folder != folder.parent:
        if folder / "__init__.py" != file:
            found.append(_resolved(folder / "__init__.py", files))
        folder = folder.parent
    return found


# Modules read, by (file, root, bytes), most recent last: a file checked alone gets a project of
# its own (``standalone``), which reads every module its imports reach, so the ten scripts of
# a tutorial folder would each parse its helpers again (a quarter of a small script's check).
# A Module is never changed once made, and it depends on nothing but the key.
_READ: OrderedDict[tuple[Path, Path, bytes], Module | None] = OrderedDict()
_READ_BYTES = 2_000_000  # source bytes kept at most
_READ_LOCK = threading.Lock()  # a language server reads on several threads


def read_module(file: Path, root: Path, files: Files | None = None,
                known: dict[tuple[Path, str], Module] | None = None) -> Module | None:
    """A module's imports, ``sys.path`` changes and whether it runs as a script; None when
    it cannot be read or parsed (its check reports why).  ``known``: summaries already made
    under this root, by (file, digest of its bytes), looked up first and added to."""
    data = (files or DiskFiles()).read(file)
    if data is None:
        return None
    digest = None
    if known is not None:
        digest = (file, hashlib.sha256(data).hexdigest())
        if digest in known:
            return known[digest]
    key = (file, root, data)
    with _READ_LOCK:
        found = key in _READ
        if found:
            _READ.move_to_end(key)
            module = _READ[key]
    if not found:
        module = _read_module(file, root, data)
        if len(data) <= _READ_BYTES // 8:
            with _READ_LOCK:
                _READ[key] = module
                while sum(len(k[2]) for k in _READ) > _READ_BYTES:
                    _READ.popitem(last=False)
    if digest is not None and module is not None:
        known[digest] = module
    return module


def _read_module(file: Path, root: Path, data: bytes) -> Module | None:
    if len(data) > MAX_MODULE_BYTES:
        return Module(file)
    if file.suffix == ".ipynb":
        return Module(file, main=True)  # a notebook is run top to bottom: always a script
    try:
        tree = parse_bytes(data)  # the frontend's tree of the same bytes, when it has parsed them
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return Module(file, main=True)  # checked on its own: its syntax error is reported
    return module_of(file, root, tree)


def module_of(file: Path, root: Path, tree: ast.Module) -> Module:
    """``read_module`` of a file whose syntax tree the caller has already (an editor's buffer,
    parsed once for the model and the analysis)."""
    main = any(is_main_guard(statement) for statement in tree.body)
    works = any(_is_work(statement) for statement in tree.body)
    return Module(file, main, works, tuple(_imports(tree)), tuple(added_paths(tree, file, (file.parent, root))))


def _is_work(statement: ast.stmt) -> bool:
    """Module-level code that does something when the file runs (not a definition, an
    import or a constant)."""
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Call)
    return isinstance(statement, (ast.For, ast.While, ast.With, ast.AsyncFor, ast.AsyncWith))


def _imports(tree: ast.Module) -> list[Import]:
    found = []
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            found.extend(Import(alias.name, 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names if alias.name != "*")
            found.append(Import(node.module or "", node.level, names))
    return found


_BLOCKS = frozenset(("body", "orelse", "finalbody", "handlers", "cases"))


def _statements(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every statement of ``body`` and of the blocks nested in it (functions, classes, ``if``,
    ``try``, ``with``, loops, ``match``), with the except clauses and match cases, in
    ``ast.walk``'s order.  An import is a statement, so the expressions, nine nodes in ten,
    are not walked."""
    queue = deque(body)
    while queue:
        node = queue.popleft()
        yield node
        for name in node._fields:
            if name in _BLOCKS:
                queue.extend(getattr(node, name))


def load_project(paths: list[Path], known: dict[tuple[Path, str], Module] | None = None,
                 root: Path | None = None) -> Project:
    """The project of the checked ``paths`` (files and folders) on disk: its root, and the
    checked modules.  ``known``: the ``Project.known`` of an earlier run under the same root;
    ``root``: ``common_root(paths)``, when the caller has it already."""
    root = root or common_root(paths)
    project = Project(root, search_importers=is_marked(root), known=dict(known or {}))
    return _load(project, project.files.python_files(paths))


def standalone(file: Path) -> Project:
    """The project of one file checked alone (an editor's buffer, a fix being verified): the
    file's folder as root, its imports resolved and read only when the analysis asks."""
    return Project(file.parent)


def open_project(root: Path, files: Files, checked: list[Path]) -> Project:
    """The project at ``root`` read through ``files`` (an editor's buffers over the disk), with
    ``checked`` (the open files) read up front, as ``check`` reads the files it is given."""
    return _load(Project(root, files, search_importers=is_marked(root)), checked)


def job_project(members: dict[str, bytes]) -> Project:
    """A job's members (names relative to its working folder) as a project rooted there."""
    files = MemoryFiles(members)
    return _load(Project(files.root, files), files.python_files([files.root]))


def _load(project: Project, checked: list[Path]) -> Project:
    read = []
    for file in checked:
        file = _resolved(file, project.files)
        module = read_module(file, project.root, project.files, project.known)
        if module is not None and file not in project.modules:
            project.modules[file] = module
            read.append(file)
    project.checked = tuple(sorted(read))
    pyproject = project.files.read(project.root / "pyproject.toml")
    if pyproject is not None:
        scripts = []
        for dotted, _ in console_script_modules(pyproject.decode("utf-8", "replace")):
            target = project.resolver.module_file(dotted, 0, None, SearchPath(roots=project._roots()))
            if target is not None:
                scripts.append(_resolved(target, project.files))
        project.console_scripts = tuple(scripts)
    return project
