"""ST501: an import that nothing the project declares installs.

Where a project or a job pins its requirements, an environment made from them holds the
standard library of the Python its TensorFlow runs on, the declared distributions and
everything they require (TensorFlow 2.15 brings ``keras``, 1.15 does not), and the
project's own modules.  An import of anything else raises ModuleNotFoundError there:
``import cv2`` under a requirements file without ``opencv-python``, ``import keras`` under
``tensorflow==1.15`` alone.

Precision first, so nothing is reported

- without dependency files, or when one cannot be read to the end (``declarations``);
- for a module of the workspace, wherever it lies, or one a platform provides (Colab's
  ``google.colab``; a notebook's ``IPython``);
- for an import under ``try`` whose handler catches ImportError (or anything wider), under
  ``with contextlib.suppress(ImportError)``, ``if TYPE_CHECKING:``, or an ``if`` that asks
  ``importlib``/``sys.modules`` first;
- for a distribution the program installs itself (``!pip install tqdm``), or a module
  named like a word of a path the program spells out (a repository it clones);
- for a Python 2 module or a missing part of the standard library (ST306 reports those);
- for a module of a distribution that others commonly require (``requests``, ``six``,
  ``pyyaml``), when a declared distribution's own requirements are unknown (no
  environment held it): that one may bring it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from shapetracer.generic.noise import PY2_ONLY_MODULES
from shapetracer.project import packages
from shapetracer.project.workspace import Workspace
from shapetracer.projectchecks.declarations import Declarations, declarations
from shapetracer.rules import codes
from shapetracer.rules.findings import Finding
from shapetracer.rules.message import Message

_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_TRIES = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)


@dataclass(frozen=True)
class Imported:
    module: str  # dotted, as written
    line: int
    column: int  # 1-based
    end_line: int
    end_column: int


def missing_requirements(tree: ast.Module, display_path: str, script: str, workspace: Workspace,
                         raw_text: str = "", notebook: bool = False) -> list[Finding]:
    """The ST501 findings of one module (``script``: its workspace path; ``raw_text``: the
    file as written, a notebook's shell lines included)."""
    found = declarations(workspace, script)
    if not found.usable:
        return []
    local = workspace.module_names()
    if local is None:
        return []
    installed, named = _made_at_run_time(tree, raw_text)
    provided = _Environment(found, local | named, notebook, installed)
    findings = []
    for imported in imports(tree):
        missing = provided.missing(imported.module)
        if missing is not None:
            findings.append(_finding(imported, missing, found, display_path))
    return findings


class _Environment:
    """What an environment made from the declarations holds."""

    def __init__(self, found: Declarations, local: frozenset[str], notebook: bool,
                 installed: frozenset[str] = frozenset()):
        tensorflow = frozenset().union(*(packages.tensorflow_requires(v) for v in found.tf_versions))
        declared = found.declared.names | installed
        self.distributions, _ = packages.closure(declared | tensorflow)
        _, unknown = packages.closure(declared)
        if any(not packages.is_tensorflow(name) for name in unknown):
            self.distributions |= packages.commonly_required()
        self.stdlib = packages.stdlib(found.tf_versions)
        self.local = local
        self.notebook = notebook
        self._answers: dict[str, str | None] = {}

    def missing(self, module: str) -> str | None:
        """The part of ``module`` an import would find missing (``sklearn`` for
        ``sklearn.metrics``), or None when the environment provides it."""
        if module not in self._answers:
            self._answers[module] = self._missing(module)
        return self._answers[module]

    def _missing(self, module: str) -> str | None:
        top = module.split(".", 1)[0]
        if top in self.stdlib or top in PY2_ONLY_MODULES or top in self.local or top == "__future__":
            return None
        if top in packages.ALWAYS or (self.notebook and top in packages.NOTEBOOK):
            return None
        if any(module == p or module.startswith(p + ".") for p in packages.PLATFORM):
            return None
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):
            prefix = ".".join(parts[:depth])
            if not any(packages.provides(d, prefix) for d in self.distributions):
                return prefix
            if any(packages.provides(d, prefix) and _regular(d, prefix) for d in self.distributions):
                return None  # a regular package: what lies under it is its business (ST402's, for TF)
        return None


def _regular(distribution: str, module: str) -> bool:
    """Whether ``distribution`` installs ``module`` itself (not only a namespace above its
    own packages, as ``protobuf`` does with ``google``)."""
    modules, known = packages.modules_of(distribution)
    if not known:
        return True
    return any(module == m or module.startswith(m + ".") for m in modules)


def _finding(imported: Imported, missing: str, found: Declarations, path: str) -> Finding:
    files = tuple(found.files)
    suggestion = packages.distribution_for(missing)
    template = "No module named '{module}' in an environment made from {files:join}: no requirement there installs it"
    args: dict = {"module": missing, "files": files}
    if found.tf_pin:
        template += ", nor does {version}"
        args["version"] = found.tf_pin
    if suggestion is not None:
        template += " (it comes with {suggestion})"
        args["suggestion"] = suggestion
    return Finding.of(codes.MISSING_REQUIREMENT, Message(template, **args), path, imported.line, imported.column,
                      imported.end_line, imported.end_column)


# --- what the program itself installs or fetches -----------------------------------------------

# ``pip install a b`` in a shell line, an os.system string, a subprocess list or a notebook's
# JSON (where a line ends in a literal backslash-n): the words up to the end of the command
_INSTALL = re.compile(r"\b(?:pip3?|conda|mamba)\b[\s'\",]+install\b([^\n\\\])#;&|]*)")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")


def _made_at_run_time(tree: ast.Module, raw_text: str) -> tuple[frozenset[str], frozenset[str]]:
    """What the program brings itself: distributions it installs (``!pip install tqdm``,
    ``subprocess.call(["pip", "install", "tqdm"])``) and the words of the paths it names
    (``Repo.clone_from(url, "temp/seq2seq")`` and ``sys.path.insert(0, "temp/seq2seq/nmt")``
    make ``import temp.seq2seq`` work without any requirement)."""
    installed: set[str] = set()
    for match in _INSTALL.finditer(raw_text):
        for word in _WORD.findall(match.group(1)):
            if not word.startswith("-") and word not in ("install", "pip", "conda", "python", "m", "U"):
                installed.add(packages.normalise(re.split(r"[<>=!~\[]", word)[0]))
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and ("/" in node.value or "\\" in node.value):
            named.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", node.value))
    return frozenset(installed), frozenset(named)


# --- the imports a module runs --------------------------------------------------------------

def imports(tree: ast.Module) -> list[Imported]:
    """The absolute imports of ``tree`` that would raise if their module were missing, in
    source order (guarded ones left out)."""
    found: list[Imported] = []
    _visit(tree, found, guarded=False)
    return sorted(found, key=lambda i: (i.line, i.column))


def _visit(node: ast.AST, found: list[Imported], guarded: bool) -> None:
    if isinstance(node, ast.Import):
        if not guarded:
            found.extend(_imported(alias.name, node) for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if not guarded and node.level == 0 and node.module:
            found.append(_imported(node.module, node))
    elif isinstance(node, _SCOPES):
        for child in ast.iter_child_nodes(node):
            _visit(child, found, False)  # a guard around a def does not guard its body
    elif isinstance(node, _TRIES):
        catches = any(_catches_import_error(h) for h in node.handlers)
        for statement in node.body:
            _visit(statement, found, guarded or catches)
        for part in (node.handlers, node.orelse, node.finalbody):
            for child in part:
                _visit(child, found, guarded)
    elif isinstance(node, ast.If) and _asks_first(node.test):
        for statement in node.orelse:
            _visit(statement, found, guarded)
    elif isinstance(node, ast.With) and any(_suppresses_import_error(i.context_expr) for i in node.items):
        return
    else:
        for child in ast.iter_child_nodes(node):
            _visit(child, found, guarded)


def _imported(module: str, node: ast.stmt) -> Imported:
    return Imported(module, node.lineno, node.col_offset + 1, getattr(node, "end_lineno", None) or node.lineno,
                    (getattr(node, "end_col_offset", None) or node.col_offset) + 1)


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(_name(kind).rsplit(".", 1)[-1] in _IMPORT_ERRORS for kind in kinds)


def _asks_first(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:``, ``if importlib.util.find_spec("x"):``, ``if "x" in sys.modules:``
    and the like: the branch runs only where the module may be there."""
    text = ast.dump(test)
    return any(word in text for word in ("TYPE_CHECKING", "find_spec", "find_loader", "modules", "pkgutil",
                                         "importlib", "find_module", "is_available", "available"))


def _suppresses_import_error(expression: ast.expr) -> bool:
    return isinstance(expression, ast.Call) and _name(expression.func).endswith("suppress") \
        and any(_name(a).rsplit(".", 1)[-1] in _IMPORT_ERRORS for a in expression.args)


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    return ""
