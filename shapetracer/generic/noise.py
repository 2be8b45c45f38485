"""Noise control for pylint: which module a message is about decides whether we keep it.

pylint reasons about third-party libraries by parsing whatever version happens to be
installed (or nothing, when it is not).  TensorFlow, Keras and numpy build their
namespaces at import time, so pylint's verdicts on them are mostly wrong ("Module
'tensorflow' has no 'nn' member"), and on any other third-party package they depend on
this machine rather than on the job.  The rule is therefore simple and
environment-independent: a message about a module, attribute, callee or operand is kept
only when the thing involved comes from the standard library (or Python 2's, which
Python 3 lacks), from builtins, or from the job's own files.  Everything third-party is
dropped, installed or not.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from pathlib import PurePath

# Libraries pylint cannot infer well; pylint itself is told to ignore them (their
# members and imports are never checked, and astroid does not parse them at all).
NOISY_MODULES: tuple[str, ...] = (
    "tensorflow", "tensorflow_core", "tensorflow_estimator", "tensorflow_hub",
    "tensorflow_datasets", "tensorflow_addons", "tensorflow_probability", "tensorflow_text",
    "tf_keras", "keras", "tflearn", "numpy", "torch", "torchvision", "sklearn", "pandas",
    "scipy", "cv2", "PIL", "h5py", "matplotlib", "skimage", "jax", "theano", "mxnet",
    "absl", "six",
)

# Standard-library modules of Python 2 that Python 3 does not have: importing one is a
# real ImportError in the job, whatever is installed here.
PY2_ONLY_MODULES = frozenset({
    "__builtin__", "anydbm", "BaseHTTPServer", "CGIHTTPServer", "ConfigParser", "Cookie",
    "cookielib", "copy_reg", "commands", "cPickle", "cStringIO", "dbhash", "dircache",
    "dummy_thread", "exceptions", "htmlentitydefs", "HTMLParser", "httplib", "imputil",
    "md5", "mimetools", "mutex", "new", "popen2", "Queue", "repr", "rfc822",
    "robotparser", "sets", "sha", "SimpleHTTPServer", "SocketServer", "StringIO",
    "thread", "Tkinter", "tkMessageBox", "urllib2", "urlparse", "UserDict", "UserList",
    "UserString", "xmlrpclib",
})

STDLIB_MODULES = frozenset(sys.stdlib_module_names) | {"builtins", "__future__"}

# astroid's module for classes it synthesises from the job's own namedtuple(),
# NamedTuple and similar definitions: they are the job's classes.
_SYNTHETIC = "__astroid_synthetic"

STDLIB = "stdlib"
USER = "user"
THIRD_PARTY = "third-party"


def _stdlib_dirs() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    return tuple(sorted({os.path.realpath(paths[key]) for key in ("stdlib", "platstdlib")
                         if paths.get(key)}))


_STDLIB_DIRS = _stdlib_dirs()


def top_level(modname: str) -> str:
    return modname.split(".", 1)[0]


def is_noisy(modname: str) -> bool:
    return top_level(modname) in NOISY_MODULES


def _under(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def origin_of_file(modname: str, file: str | None, user_files: frozenset[str],
                   user_roots: tuple[str, ...]) -> str:
    """Where a module astroid resolved comes from: stdlib, the job (user) or third-party.

    ``file`` is the module's file as astroid knows it (None for builtin and C modules,
    and for brain-made stubs).  In-memory job files count as user code by path.
    """
    if is_noisy(modname):
        return THIRD_PARTY
    if modname == _SYNTHETIC:
        return USER
    if file is None:
        if modname in sys.builtin_module_names or top_level(modname) in STDLIB_MODULES:
            return STDLIB
        return THIRD_PARTY
    if file in user_files:
        return USER
    if not os.path.isabs(file):
        return THIRD_PARTY  # a stub astroid's brain built from a string ("<?>"): a library model
    real = os.path.realpath(file)
    if any(part in ("site-packages", "dist-packages") for part in PurePath(real).parts):
        return THIRD_PARTY
    if any(_under(real, directory) for directory in _STDLIB_DIRS):
        return STDLIB
    if any(_under(real, os.path.realpath(root)) for root in user_roots):
        return USER
    # Reached through this process's own sys.path: neither the job nor a library we
    # can vouch for.  Treat as third-party so results do not depend on where we run.
    return THIRD_PARTY


def missing_module_is_real(modname: str, level: int, resolves_locally) -> bool:
    """Whether "Unable to import M" is an ImportError the job would really hit.

    Kept: Python 2 standard modules, missing parts of the standard library, relative
    imports, and missing parts of a package the job itself ships.  Dropped: anything
    else, which is a third-party package that may well be installed where the job runs.
    ``resolves_locally(name)`` says whether a top-level name is one of the job's modules.
    """
    if level > 0:
        return True
    top = top_level(modname)
    if top in PY2_ONLY_MODULES or top in STDLIB_MODULES:
        return True
    return top != modname and bool(resolves_locally(top))


# A handler for one of these around a statement means a NameError there is caught:
# the `try: unicode except NameError: unicode = str` idiom of Python 2/3 code.
_NAME_ERROR_CATCHERS = frozenset({"NameError", "UnboundLocalError", "Exception", "BaseException"})
_SCOPE_BOUNDARIES = frozenset({"FunctionDef", "AsyncFunctionDef", "Lambda"})


def guarded_against_name_error(node, parent_of) -> bool:
    """Whether ``node`` runs inside a ``try`` body whose handlers catch NameError.

    Works on both ``ast`` (pyflakes) and astroid (pylint) trees: ``parent_of(node)``
    gives the parent, and only class names and attributes common to both are used.  A
    function body is not guarded by a ``try`` around its ``def``: it runs later.
    """
    child, parent = node, parent_of(node)
    while parent is not None:
        kind = type(parent).__name__
        if kind in _SCOPE_BOUNDARIES:
            return False
        if kind in ("Try", "TryStar", "TryExcept") and child in parent.body:
            if any(_catches_name_error(handler) for handler in parent.handlers):
                return True
        child, parent = parent, parent_of(parent)
    return False


def _catches_name_error(handler) -> bool:
    if handler.type is None:
        return True  # bare except
    kinds = handler.type.elts if type(handler.type).__name__ == "Tuple" else [handler.type]
    return any(_last_name(kind) in _NAME_ERROR_CATCHERS for kind in kinds)


def _last_name(node) -> str:
    for attribute in ("id", "attr", "attrname", "name"):  # ast Name/Attribute, astroid too
        value = getattr(node, attribute, None)
        if isinstance(value, str):
            return value
    return ""


# The namespace dictionaries a program can read and write names through.
_NAMESPACE_CALLS = frozenset({"globals", "locals", "vars", "dir"})


def dynamic_names(tree) -> frozenset[str]:
    """Names a program defines or tests through its namespace dictionaries, which neither
    pyflakes nor pylint follow: ``globals()["X"] = ...`` (and ``locals()``/``vars()``), and
    ``"X" in globals()`` / ``"X" not in globals()`` (also ``dir()``), as notebooks and
    restartable scripts write ``if 'sess' in globals(): sess.close()``.  A read of such a
    name is no NameError the analysis can prove, so it counts as defined (both its guarded
    and its unguarded reads: which path defines it is only known at run time).
    ``tree``: an ``ast`` module (astroid trees are handled by the caller)."""
    import ast

    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _namespace_call(node.value) and isinstance(node.ctx, ast.Store):
            key = node.slice
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.add(key.value)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) \
                and _namespace_call(node.comparators[0]) and isinstance(node.left, ast.Constant) \
                and isinstance(node.left.value, str):
            found.add(node.left.value)
    return frozenset(found)


def _namespace_call(node) -> bool:
    import ast

    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _NAMESPACE_CALLS \
        and not node.args and not node.keywords
