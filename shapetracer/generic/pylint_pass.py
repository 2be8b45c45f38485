"""pylint, in-process, on one or many files in one linter.

One ``PyLinter`` is built per process and reused for every file: building it (loading
every checker, parsing options) costs far more than checking a typical script.  It is
configured in code, never from an rc file or pyproject (a job's own pylintrc could run
code through ``init-hook``), keeps no statistics on disk and never forks workers.

Only the messages listed in ``mapping.PYLINT_RULES`` are enabled.  Each message passes
through the linter's ``add_message``, where the node it is about is still at hand; there the
noise rules of ``noise.py`` decide, from the module that node resolves to, whether the
message is about the job (kept) or about a third-party library (dropped).

Imports between the job's own files are resolved by an astroid import hook that looks
in the job's directory and in-memory sources, instead of by putting the job on
``sys.path``: that way nothing the job ships can shadow a module this process imports.
Modules astroid builds from the job are evicted from its cache after each job, so two
jobs that both have a ``model.py`` never see each other's.
"""

from __future__ import annotations

import contextlib
import io
import os
import tokenize
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from shapetracer.generic import noise
from shapetracer.generic.locate import SourceLines
from shapetracer.generic.mapping import PYLINT_POSSIBLE, PYLINT_RULES, pylint_symbol, refine_pylint, tool_message
from shapetracer.rules.findings import Finding

TOOL = "pylint"

# Messages about a value pylint inferred: kept only when that value is not third-party.
_INFERENCE_MESSAGES = frozenset({
    "E1101", "E1120", "E1121", "E1123", "E1124", "E1125", "E3102", "E1102",
    "E1130", "E1131", "E1135", "E1126", "E1127", "E1143", "E1133", "E1134", "E0633",
    "E0111", "E1136", "E1137", "E1138", "E1129", "E1701", "E0110", "E0239", "E1139",
})
# Undefined-name messages: dropped inside a try whose handlers catch NameError.
_NAME_MESSAGES = frozenset({"E0601", "E0602", "E0606"})
_MAX_OWNERS = 8  # inferred values examined per subject; pylint caps inference similarly


# --- the job being linted ---------------------------------------------------------------

@dataclass
class _Job:
    """Files that share one import root (the directory a script would run from)."""

    root: str
    sources: dict[str, str] = field(default_factory=dict)  # absolute path -> text
    dynamic_names: dict[str, frozenset[str]] = field(default_factory=dict)  # path -> noise.dynamic_names

    def find(self, modname: str) -> str | None:
        """The file of one of the job's modules, in memory first, then on disk."""
        base = os.path.join(self.root, *modname.split("."))
        on_disk = os.path.isdir(self.root)
        for candidate in (base + ".py", os.path.join(base, "__init__.py")):
            if candidate in self.sources or (on_disk and os.path.isfile(candidate)):
                return candidate
        return None

    def text(self, path: str) -> str | None:
        if path in self.sources:
            return self.sources[path]
        return _read(path)

    def origin(self, modname: str, file: str | None) -> str:
        return noise.origin_of_file(modname, file, frozenset(self.sources), (self.root,))


_ACTIVE: _Job | None = None


def _import_hook(modname: str):
    """astroid failed-import hook: resolve a module among the active job's files."""
    from astroid.builder import AstroidBuilder
    from astroid.exceptions import AstroidBuildingError
    from astroid.manager import AstroidManager

    job = _ACTIVE
    path = job.find(modname) if job else None
    text = job.text(path) if job and path else None
    if text is None:
        raise AstroidBuildingError("not one of the job's modules: {modname}", modname=modname)
    return AstroidBuilder(AstroidManager()).string_build(text, modname, path)


# --- the linter ---------------------------------------------------------------------------

def _make_linter():
    from astroid.manager import AstroidManager
    from pylint.lint import PyLinter
    from pylint.reporters import CollectingReporter

    class Linter(PyLinter):
        """PyLinter that filters noise while the message's node is still known."""

        current_kind: str | None = None

        def add_message(self, msgid, line=None, node=None, args=None, *rest, **kwargs):
            definitions = self.msgs_store.get_message_definitions(msgid)
            canonical = definitions[0].msgid if definitions else str(msgid)
            if canonical in PYLINT_RULES and not _keep(canonical, node, args):
                return
            self.current_kind = type(node).__name__ if node is not None else None
            super().add_message(msgid, line, node, args, *rest, **kwargs)

    class Collector(CollectingReporter):
        """Keeps each message with the kind of node it was reported on."""

        def handle_message(self, msg):
            self.messages.append((msg, self.linter.current_kind))

    collector = Collector()
    linter = Linter(reporter=collector)
    linter.load_default_plugins()
    linter.set_option("persistent", False)
    linter.set_option("jobs", 1)
    linter.set_option("unsafe-load-any-extension", False)
    linter.set_option("ignored-modules", noise.NOISY_MODULES)
    linter.disable("all")
    for msgid in sorted(PYLINT_RULES):
        with contextlib.suppress(Exception):  # a message an older pylint does not have
            linter.enable(msgid)
    linter.initialize()
    linter.open()  # hands ignored-modules to astroid: those libraries are never parsed
    AstroidManager().register_failed_import_hook(_import_hook)
    return linter, collector


_LINTER = None


def _linter():
    global _LINTER
    if _LINTER is None:
        _LINTER = _make_linter()
    return _LINTER


# --- noise rules, applied per message ---------------------------------------------------

def _keep(msgid: str, node, args) -> bool:
    try:
        if msgid == "E0401":
            return _keep_missing_module(node, args)
        if msgid == "E0611":
            return _keep_missing_name(node, args)
        if msgid in _NAME_MESSAGES:
            return node is None or not (noise.guarded_against_name_error(node, _parent)
                                        or getattr(node, "name", None) in _dynamic_names(node))
        if msgid in _INFERENCE_MESSAGES:
            return not _involves_third_party(node)
    except Exception:  # inference can fail in many ways; pylint already decided it
        return True
    return True


def _dynamic_names(node) -> frozenset[str]:
    """``noise.dynamic_names`` of the job file that holds ``node`` (parsed once per file)."""
    import ast

    file = getattr(node.root(), "file", None)
    text = _ACTIVE.text(file) if _ACTIVE is not None and file else None
    if text is None:
        return frozenset()
    cache = _ACTIVE.dynamic_names
    if file not in cache:
        try:
            cache[file] = noise.dynamic_names(ast.parse(text))
        except (SyntaxError, ValueError, RecursionError):
            cache[file] = frozenset()
    return cache[file]


def _parent(node):
    return getattr(node, "parent", None)


def _resolves_locally(name: str) -> bool:
    return bool(_ACTIVE and _ACTIVE.find(name))


def _keep_missing_module(node, args) -> bool:
    modname = str(args).strip("'\"") if args else getattr(node, "modname", "") or ""
    level = getattr(node, "level", 0) or 0
    return noise.missing_module_is_real(modname, level, _resolves_locally)


def _keep_missing_name(node, args) -> bool:
    modname = str(args[1]) if isinstance(args, tuple) and len(args) > 1 else ""
    if noise.is_noisy(modname):
        return False
    module = None
    with contextlib.suppress(Exception):
        module = node.do_import_module(node.modname)
    if module is None or _ACTIVE is None:
        return noise.missing_module_is_real(modname, getattr(node, "level", 0) or 0,
                                            _resolves_locally)
    return _ACTIVE.origin(module.name, module.file) in (noise.STDLIB, noise.USER)


def _subjects(node) -> list:
    """The expressions whose inferred values a message is about."""
    kind = type(node).__name__
    if kind == "Call":
        return [node.func]
    if kind in ("Attribute", "AssignAttr", "DelAttr"):
        return [node.expr]
    if kind == "BinOp":
        return [node.left, node.right]
    if kind == "UnaryOp":
        return [node.operand]
    if kind == "Subscript":
        return [node.value]
    return [node]


def _involves_third_party(node) -> bool:
    if node is None or _ACTIVE is None:
        return False
    from astroid import util

    for subject in _subjects(node):
        for count, value in enumerate(subject.infer()):
            if count >= _MAX_OWNERS:
                break
            if value is util.Uninferable or not hasattr(value, "root"):
                continue
            root = value.root()
            if _ACTIVE.origin(getattr(root, "name", ""), getattr(root, "file", None)) == noise.THIRD_PARTY:
                return True
    return False


# --- running ------------------------------------------------------------------------------

def _read(path: str) -> str | None:
    """A file's text by Python's own rules (PEP 263); None when it cannot be decoded."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (OSError, SyntaxError, UnicodeDecodeError, LookupError):
        return None
    return text[1:] if text.startswith("\ufeff") else text


def _package_root(path: str, sources: Mapping[str, str]) -> str:
    """The directory a script would be run from: above every enclosing package."""
    directory = os.path.dirname(path)
    while True:
        init = os.path.join(directory, "__init__.py")
        if not (init in sources or os.path.isfile(init)):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return directory
        directory = parent


def _modname(path: str, root: str) -> str:
    relative = os.path.splitext(os.path.relpath(path, root))[0]
    parts = [part for part in relative.split(os.sep) if part]
    if len(parts) > 1 and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or "__main__"


def _group(items: Mapping[str, str]) -> dict[str, _Job]:
    jobs: dict[str, _Job] = {}
    for path, text in items.items():
        root = _package_root(path, items)
        jobs.setdefault(root, _Job(root)).sources[path] = text
    return dict(sorted(jobs.items()))


def run_pylint(files: Iterable[str] | Mapping[str, str | None]) -> dict[str, list[Finding]]:
    """Crash-relevant pylint findings for many files in one linter.

    ``files`` is paths (read from disk) or a mapping path -> source text (None reads the
    file), so archives can be checked without extracting them.  Keys of the result are
    the given paths; each list is sorted.  Files that cannot be decoded get no findings:
    the input pass reports them.
    """
    given = dict(files) if isinstance(files, Mapping) else {path: None for path in files}
    result: dict[str, list[Finding]] = {path: [] for path in given}
    absolute: dict[str, str] = {}
    shown: dict[str, str] = {}
    for path, text in given.items():
        full = os.path.abspath(path)
        text = _read(full) if text is None else text
        if text is not None:
            absolute[full] = text
            shown[full] = path
    for job in _group(absolute).values():
        for full, findings in _lint_job(job).items():
            result[shown[full]] = _shown_as(findings, shown[full])
    return result


def _shown_as(findings: list[Finding], path: str) -> list[Finding]:
    from dataclasses import replace

    return sorted((replace(f, path=path) for f in findings), key=Finding.sort_key)


def _lint_job(job: _Job) -> dict[str, list[Finding]]:
    global _ACTIVE
    from astroid.manager import AstroidManager
    from pylint.typing import FileItem

    linter, collector = _linter()
    manager = AstroidManager()
    before = set(manager.astroid_cache)
    out: dict[str, list[Finding]] = {}
    _ACTIVE = job
    try:
        for full in sorted(job.sources):
            collector.messages = []
            modname = _modname(full, job.root)
            with _quiet(), _override_ast(linter, full, job.sources[full]):
                try:
                    linter.check_single_file_item(FileItem(modname, full, full))
                except Exception:  # an astroid/pylint crash on odd input: no findings
                    collector.messages = []
            out[full] = _findings(full, job.sources[full], collector.messages)
    finally:
        _ACTIVE = None
        _evict(manager, before, job)
    return out


@contextlib.contextmanager
def _override_ast(linter, full: str, text: str):
    """Make pylint build this file from our text (what pyflakes saw), not from disk."""
    original = linter.get_ast

    def get_ast(filepath, name, data=None):
        if filepath == full and data is None:
            data = text
        return original(filepath, name, data)

    linter.get_ast = get_ast
    try:
        yield
    finally:
        del linter.get_ast  # back to the class's method


@contextlib.contextmanager
def _quiet():
    """pylint prints tracebacks for astroid crashes; they are not for our users."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        yield


def _evict(manager, before: set, job: _Job) -> None:
    """Forget the job's modules so the next job's same-named modules are built afresh."""
    for name in list(manager.astroid_cache):
        if name in before:
            continue
        file = getattr(manager.astroid_cache[name], "file", None)
        if file and os.path.isabs(file) and job.origin(name, file) == noise.USER:
            del manager.astroid_cache[name]
    with contextlib.suppress(Exception):
        from astroid import context

        context._invalidate_cache()  # inference results keep nodes (and memory) alive


def _findings(full: str, text: str, messages: list) -> list[Finding]:
    lines = SourceLines(text)
    findings = []
    for message, kind in messages:
        if message.abspath and os.path.abspath(message.abspath) != full:
            continue  # a message about another module (cannot happen with our set; be safe)
        rule = refine_pylint(message.msg_id, kind)
        if rule is None:
            continue
        line, column, end_line, end_column = lines.span(
            message.line, message.column, message.end_line, message.end_column)
        tag = f"{message.msg_id} {message.symbol or pylint_symbol(message.msg_id)}"
        possible = message.msg_id in PYLINT_POSSIBLE
        findings.append(Finding.of(
            rule.code, tool_message(message.msg, TOOL, message.msg_id, f"{TOOL} {tag}"), full, line, column,
            end_line, end_column, confidence="possible" if possible else "definite",
            severity_override="warning" if possible else None, snippet=lines.snippet(line)))
    return findings
