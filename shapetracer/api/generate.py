"""Walk the installed TensorFlow/Keras public API and write it as gzipped JSON for model.py.

Runs inside each real environment (tests/oracle/envs.py builds them), so it must stay
Python 3.7 syntax and import only the stdlib and TensorFlow/Keras::

    PYTHONPATH=. $(python tests/oracle/envs.py path tf2.15) \\
        -m shapetracer.api.generate shapetracer/api/data/tf-2.15.json.gz

``--only tf.nn,keras.layers`` walks just those modules (the fresh-walk test uses it).

Format 1 (one JSON object): ``roots`` maps ``tf``/``keras``/``tf_keras`` to an index into
``objects``; ``sigs`` interns signature strings; ``objects`` has one entry per module,
class or function object (by id, so an alias is one more name pointing at the same entry)
and one shared entry per distinct (kind, signature) of methods and other values:

* ``["m", {leaf: index}]`` a walked module; ``["M", {...}]`` one not walked (its members,
  if any, are partial, so a missing name below it is unknown rather than absent);
* ``["c", sig, {leaf: index}, [base indexes]]`` a class: constructor signature, the public
  members of its own ``__dict__``, and its MRO without itself and ``object``;
* ``["f", sig]`` a function, ``["d", sig]`` a method (signature as called on an instance:
  ``self`` dropped), ``["o"]`` anything else.

A signature is ``-1`` (unknown) or a string of comma-separated parameters written as in
a ``def`` without values: ``x,/,y,z=,*args,k=,**kw`` (``=``: has a default; a bare ``*``
starts keyword-only parameters).
"""

from __future__ import absolute_import, division, print_function

import argparse
import gzip
import importlib
import inspect
import json
import logging
import os
import platform
import sys
import time
import types
import warnings
from collections import deque

FORMAT = 1
ROOTS = (("tf", "tensorflow"), ("keras", "keras"), ("tf_keras", "tf_keras"))
# Modules outside these packages (numpy, absl, six, ...) are recorded but not walked.
WALKED_PACKAGES = frozenset(("tensorflow", "tensorflow_core", "tensorflow_estimator", "keras",
                             "tf_keras", "tensorboard"))
# Attribute names that lead into implementation trees (tf.contrib.layers.python, keras.src).
OPAQUE_LEAVES = frozenset(("python", "src", "api", "pywrap_tensorflow", "tools"))
MAX_DEPTH = 8
P = inspect.Parameter


def format_parameters(params):
    """``x,/,y,z=,*args,k=,**kw``: kinds and default flags, nothing else."""
    out = []
    positional_only_open = False
    star_written = False
    for param in params:
        if positional_only_open and param.kind != P.POSITIONAL_ONLY:
            out.append("/")
            positional_only_open = False
        if param.kind == P.POSITIONAL_ONLY:
            positional_only_open = True
        if param.kind == P.VAR_POSITIONAL:
            star_written = True
            out.append("*" + param.name)
            continue
        if param.kind == P.VAR_KEYWORD:
            out.append("**" + param.name)
            continue
        if param.kind == P.KEYWORD_ONLY and not star_written:
            out.append("*")
            star_written = True
        out.append(param.name + ("=" if param.default is not P.empty else ""))
    if positional_only_open:
        out.append("/")
    return ",".join(out)


def signature_text(obj, drop_first=False):
    """The formatted signature of ``obj``, or None when inspect cannot give one."""
    try:
        params = list(inspect.signature(obj).parameters.values())
    except Exception:  # ValueError/TypeError for builtins, anything from odd wrappers
        return None
    if drop_first:
        if not params or params[0].kind not in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD):
            return format_parameters(params)
        params = params[1:]
    return format_parameters(params)


def _first_in_mro(cls, name):
    for klass in getattr(cls, "__mro__", ()):
        try:
            found = klass.__dict__.get(name)
        except Exception:
            continue
        if found is not None:
            return found
    return None


def constructor_signature(cls):
    """What ``cls(...)`` accepts: the Python ``__init__`` (else ``__new__``) without self."""
    init = _first_in_mro(cls, "__init__")
    new = _first_in_mro(cls, "__new__")
    if isinstance(new, staticmethod):
        new = new.__func__
    for method in (init, new):
        if inspect.isfunction(method):
            return signature_text(method, drop_first=True)
    if init is object.__init__ and new is object.__new__:
        return ""
    return signature_text(cls)


def is_function(obj):
    if inspect.isroutine(obj) or type(obj).__name__ == "partial":
        return True
    # tf.function objects and similar wrappers: callables that wrap a Python function.
    return callable(obj) and hasattr(obj, "__wrapped__")


def top_package(module):
    """The package a module belongs to; a lazy loader that hides its name (tf.compat.v1.layers
    under Keras 3) counts as its loader class's package."""
    try:
        return str(module.__name__).split(".")[0]
    except Exception:
        return str(type(module).__module__).split(".")[0]


class Walker(object):
    """Breadth-first walk: the first (shortest) path to a module is where it is walked."""

    def __init__(self, targets=None):
        self.objects = []
        self.sigs = {}
        self.by_id = {}
        self.shared = {}
        self.keep = []  # holds every keyed object so ids are never reused during the walk
        self.pending = deque()
        self.targets = targets  # ids of the only modules to walk, or None: walk all

    def sig(self, text):
        if text is None:
            return -1
        return self.sigs.setdefault(text, len(self.sigs))

    def plain(self, kind, text=None):
        key = (kind, text)
        if key not in self.shared:
            self.shared[key] = len(self.objects)
            self.objects.append([kind] if kind == "o" else [kind, self.sig(text)])
        return self.shared[key]

    def add(self, obj, leaf, depth):
        """The entry index of ``obj`` reached as attribute ``leaf`` at ``depth``."""
        if isinstance(obj, types.ModuleType):
            return self.module(obj, leaf, depth)
        if inspect.isclass(obj):
            return self.klass(obj, depth)
        if is_function(obj):
            return self.function(obj)
        return self.plain("o")

    def walkable(self, module, leaf, depth):
        if self.targets is not None:
            return id(module) in self.targets
        return (leaf not in OPAQUE_LEAVES and depth <= MAX_DEPTH
                and top_package(module) in WALKED_PACKAGES)

    def module(self, module, leaf, depth):
        index = self.by_id.get(id(module))
        if index is None:
            index = self._keyed(module, ["M", {}])
            if self.walkable(module, leaf, depth):
                self.objects[index][0] = "m"
                self.pending.append((index, module, depth))
        return index

    def function(self, function):
        index = self.by_id.get(id(function))
        if index is None:
            index = self._keyed(function, ["f", self.sig(signature_text(function))])
        return index

    def klass(self, cls, depth):
        index = self.by_id.get(id(cls))
        if index is None:
            index = self._keyed(cls, ["c", -1, {}, []])
            self.objects[index][1] = self.sig(constructor_signature(cls))
            self.pending.append((index, cls, depth))
        return index

    def _keyed(self, obj, entry):
        self.by_id[id(obj)] = len(self.objects)
        self.keep.append(obj)
        self.objects.append(entry)
        return len(self.objects) - 1

    def run(self):
        while self.pending:
            index, obj, depth = self.pending.popleft()
            if inspect.isclass(obj):
                self.walk_class(index, obj, depth)
            else:
                self.walk_module(index, obj, depth)

    def walk_module(self, index, module, depth):
        members = self.objects[index][1]
        try:
            names = sorted(set(dir(module)))
        except Exception:  # a lazy loader that cannot load: its names stay unknown
            self.objects[index][0] = "M"
            return
        for name in names:
            if name.startswith("_"):
                continue
            try:
                value = getattr(module, name)
            except (Exception, SystemExit):  # lazy loaders of tf.contrib raise all sorts
                continue
            try:
                members[name] = self.add(value, name, depth + 1)
            except Exception:
                members[name] = self.plain("o")

    def walk_class(self, index, cls, depth):
        entry = self.objects[index]
        try:
            bases = [base for base in cls.__mro__[1:] if base is not object]
            own = dict(cls.__dict__)
        except Exception:
            return
        entry[3] = [self.klass(base, depth) for base in bases]
        for name in sorted(own):
            if name.startswith("_"):
                continue
            try:
                entry[2][name] = self.class_member(cls, name, own[name], depth)
            except Exception:
                entry[2][name] = self.plain("o")

    def class_member(self, cls, name, raw, depth):
        """A public attribute of a class, methods as called on an instance."""
        if isinstance(raw, staticmethod):
            return self.plain("d", signature_text(raw.__func__))
        if isinstance(raw, classmethod):
            return self.plain("d", signature_text(raw.__func__, drop_first=True))
        if isinstance(raw, property):
            return self.plain("o")
        try:
            value = getattr(cls, name)
        except Exception:
            return self.plain("o")
        if inspect.isclass(value) or isinstance(value, types.ModuleType):
            return self.add(value, name, depth + 1)
        if not callable(value):
            return self.plain("o")
        if inspect.ismethod(value):  # already bound (to the class)
            return self.plain("d", signature_text(value))
        unbound = inspect.isfunction(value) or inspect.ismethoddescriptor(value)
        text = signature_text(value, drop_first=unbound)
        if not unbound and text is not None and text.split(",")[0] == "self":
            text = signature_text(value, drop_first=True)
        return self.plain("d", text)


def import_roots():
    roots = {}
    for canonical, package in ROOTS:
        try:
            roots[canonical] = importlib.import_module(package)
        except Exception as exc:  # absent (tf_keras on 1.15) or broken
            print("generate: %s not walked: %s" % (package, exc), file=sys.stderr)
    return roots


def package_versions(roots):
    versions = {"python": platform.python_version()}
    for canonical, package in ROOTS + (("numpy", "numpy"),):
        module = roots.get(canonical) or sys.modules.get(package)
        version = getattr(module, "__version__", None)
        if version is not None:
            versions[package] = str(version)
    return versions


def resolve_targets(roots, only):
    """The objects along each ``--only`` dotted path: [(root, [(leaf, obj), ...]), ...]."""
    chains = []
    for dotted in only:
        parts = dotted.split(".")
        if parts[0] not in roots:
            raise SystemExit("--only %s: root %s is not installed here" % (dotted, parts[0]))
        obj = roots[parts[0]]
        steps = []
        for part in parts[1:]:
            obj = getattr(obj, part)
            steps.append((part, obj))
        chains.append((parts[0], steps))
    return chains


def walk(roots, only=None):
    """Walk every root (or only the ``only`` modules) and return the JSON-ready dict."""
    chains = resolve_targets(roots, only) if only else None
    targets = None
    if chains is not None:
        targets = set(id(steps[-1][1]) if steps else id(roots[root]) for root, steps in chains)
    walker = Walker(targets)
    root_index = {}
    for canonical, _ in ROOTS:
        if canonical in roots:
            root_index[canonical] = walker.add(roots[canonical], canonical, 0)
            if chains is None:
                walker.run()
    for canonical, steps in chains or ():
        parent, depth = root_index[canonical], 0
        for leaf, obj in steps:
            depth += 1
            index = walker.add(obj, leaf, depth)
            walker.objects[parent][1][leaf] = index
            parent = index
    walker.run()
    sigs = sorted(walker.sigs, key=walker.sigs.get)
    return {"format": FORMAT, "versions": package_versions(roots), "partial": bool(only),
            "roots": root_index, "sigs": sigs, "objects": walker.objects}


def write(path, data):
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as out:
            out.write(text.encode("utf-8"))


def quiet():
    """Silence TensorFlow's import chatter and deprecation warnings during the walk."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
    os.environ.setdefault("KERAS_BACKEND", "tensorflow")
    os.environ.pop("TF_USE_LEGACY_KERAS", None)  # tf.keras as the release ships it
    warnings.simplefilter("ignore")
    for name in ("tensorflow", "absl", "keras", "tf_keras", "h5py"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="output file (.json.gz)")
    parser.add_argument("--only", help="comma-separated dotted modules to walk (tf.nn,...)")
    args = parser.parse_args(argv)
    quiet()
    started = time.time()
    roots = import_roots()
    if "tf" not in roots:
        raise SystemExit("generate: tensorflow is not importable here")
    only = [name for name in (args.only or "").split(",") if name]
    data = walk(roots, only or None)
    write(args.out, data)
    edges = sum(len(entry[2] if entry[0] == "c" else entry[1])
                for entry in data["objects"] if entry[0] in "mMc")
    print("generate: %d objects, %d member names, %d signatures in %.0f s -> %s"
          % (len(data["objects"]), edges, len(data["sigs"]), time.time() - started, args.out),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
