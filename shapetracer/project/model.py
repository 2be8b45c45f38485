"""The project model: modules, the scripts among them, and which reach which.

``load_project(paths)`` finds the root of the checked paths, reads every Python file under
it with CPython's parser (a module's imports and ``sys.path`` changes, whether it is run
as a script) and answers the engine's questions:

- ``analyses(targets)``: the runs that cover the checked files: each script that reaches
  one of them (with what it imports), and each checked module that no script reaches, on
  its own;
- ``search_path(script)`` / ``resolve(...)``: where an import of that run leads;
- ``reached(script)`` / ``importers(file)``: the files a run reads, and the files whose
  runs an edit of ``file`` changes (for the cache and the editor).
"""

from __future__ import annotations

import ast
import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from shapetracer.project.entries import console_script_modules, is_main_guard
from shapetracer.project.resolve import Resolver, SearchPath
from shapetracer.project.root import common_root
from shapetracer.project.syspath import Added, added_paths

# Folders that hold installed or generated code, never the project's own modules.
SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", "__pycache__", "__pypackages__", ".venv", "venv", "env", ".tox", ".nox",
    ".eggs", "site-packages", "dist-packages", "node_modules", ".mypy_cache", ".ruff_cache",
    ".ipynb_checkpoints", ".shapetracer_cache", "build", "dist",
})
MAX_FILES = 5000  # a root holding more is read no further (a home folder, a monorepo)
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
    imports: tuple[Import, ...] = ()
    added: tuple[Added, ...] = ()


@dataclass
class Project:
    root: Path
    modules: dict[Path, Module] = field(default_factory=dict)
    console_scripts: tuple[Path, ...] = ()
    resolver: Resolver = field(default_factory=Resolver)
    _reached: dict[Path, tuple[Path, ...]] = field(default_factory=dict, repr=False)
    _search: dict[Path, SearchPath] = field(default_factory=dict, repr=False)
    _scripts: list[Path] | None = field(default=None, repr=False)

    # -- runs -------------------------------------------------------------------------
    def scripts(self) -> list[Path]:
        """The modules a run starts at, in path order (see ``entries``): those with a
        ``__main__`` block, console scripts, and modules no other module's run reaches
        (of two that reach each other and nothing else, the first in path order)."""
        if self._scripts is None:
            files = sorted(self.modules)
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
        """The runs covering ``targets`` (absolute files): each script that reaches one of
        them, then each target no script reaches, in path order."""
        wanted = set(targets)
        runs: list[Path] = []
        covered: set[Path] = set()
        for script in self.scripts():
            reached = set(self.reached(script))
            if reached & wanted:
                runs.append(script)
                covered |= reached
        runs.extend(sorted(wanted - covered))
        return runs

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

    # -- internals -------------------------------------------------------------------------
    def _default_search(self, importer: Path | None) -> SearchPath:
        return SearchPath(script=importer.parent if importer is not None else None, roots=self._roots())

    def _roots(self) -> tuple[Path, ...]:
        src = self.root / "src"
        return (self.root, src) if src.is_dir() else (self.root,)

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
        queue = [script, *_enclosing_packages(script)]
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
        return [f.resolve() for f in files]

    def _read_outside(self, file: Path) -> Module | None:
        """A module reached by an import but outside the checked folders (inside the root
        or on an added path): read on demand."""
        module = read_module(file, self.root)
        if module is not None:
            self.modules.setdefault(file, module)
        return module


def _enclosing_packages(file: Path) -> list[Path]:
    """The ``__init__.py`` files of the regular packages around ``file``, innermost first:
    a module run inside a package (``python -m pkg.cli``, a console script) imports them."""
    found = []
    folder = file.parent
    while (folder / "__init__.py").is_file() and folder != folder.parent:
        if folder / "__init__.py" != file:
            found.append((folder / "__init__.py").resolve())
        folder = folder.parent
    return found


def read_module(file: Path, root: Path) -> Module | None:
    """A module's imports, ``sys.path`` changes and whether it runs as a script; None when
    it cannot be read or parsed (its check reports why)."""
    try:
        if file.stat().st_size > MAX_MODULE_BYTES:
            return Module(file)
        data = file.read_bytes()
    except OSError:
        return None
    if file.suffix == ".ipynb":
        return Module(file, main=True)  # a notebook is run top to bottom: always a script
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return Module(file, main=True)  # checked on its own: its syntax error is reported
    main = any(is_main_guard(statement) for statement in tree.body)
    return Module(file, main, tuple(_imports(tree)), tuple(added_paths(tree, file, (file.parent, root))))


def _imports(tree: ast.Module) -> list[Import]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(Import(alias.name, 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names if alias.name != "*")
            found.append(Import(node.module or "", node.level, names))
    return found


def python_files(paths: list[Path]) -> list[Path]:
    """The ``.py`` and ``.ipynb`` files under ``paths`` (files as given), resolved, each
    once, installed and generated folders skipped."""
    found: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir():
            for folder, dirs, files in os.walk(path, followlinks=False):
                dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
                for name in sorted(files):
                    if name.endswith((".py", ".ipynb")):
                        _add(Path(folder) / name, found, seen)
                if len(found) >= MAX_FILES:
                    return found
        else:
            _add(path, found, seen)
    return found


def _add(path: Path, found: list[Path], seen: set[Path]) -> None:
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):
        return
    if resolved not in seen:
        seen.add(resolved)
        found.append(resolved)


def load_project(paths: list[Path]) -> Project:
    """The project of the checked ``paths``: its root, and every module under the root."""
    root = common_root(paths)
    project = Project(root)
    for file in python_files([root]):
        module = read_module(file, root)
        if module is not None:
            project.modules[file] = module
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        scripts = []
        for dotted, _ in console_script_modules(pyproject.read_text(encoding="utf-8", errors="replace")):
            target = project.resolver.module_file(dotted, 0, None, SearchPath(roots=project._roots()))
            if target is not None:
                scripts.append(target.resolve())
        project.console_scripts = tuple(scripts)
    return project
