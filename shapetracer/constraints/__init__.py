"""Op shape semantics, one family per module, grouped by the library they model.

``core/`` holds the machinery (the spec interface, the solver, TensorFlow's wordings) and what
every library shares; ``tf/``, ``numpy/``, ``python/``, ``keras/``, ``pandas/``, ``sklearn/`` and
``datasets/`` hold each library's families.  Importing this package loads no family: the
registry (``SPECS``) loads a library's families when a name of that library is first asked
for (``core/libraries``).  ``family_modules`` loads them all, for tests and the rule docs.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from shapetracer.constraints.core import libraries

# Modules that hold the machinery, not an op family.
INFRASTRUCTURE = {"core.solver", "core.spec", "core.binding", "core.examples", "core.messages", "core.api_changes",
                  "core.common", "core.arrays", "core.frames", "core.reductions", "core.contraction",
                  "core.libraries", "core.legacy_arguments", "keras.machinery", "keras.history", "core.images", "opencv.common",
                  "tf.graph.fed_rank", "core.numpy_api", "core.tracing", "core.paths", "core.files"}


def family_modules() -> list[ModuleType]:
    """Every op-family module, imported (so their specs are registered), in name order."""
    libraries.load_all()
    names = [name for library in (libraries.CORE, *libraries.LIBRARIES) for name in libraries.modules_of(library)]
    modules = []
    for name in sorted(names):
        short = name.removeprefix(f"{__name__}.")
        if short not in INFRASTRUCTURE and not short.rpartition(".")[2].startswith("_"):
            modules.append(importlib.import_module(name))
    return modules


__all__ = ["SPECS", "OpContext", "family_modules", "op"]


def __getattr__(name: str):
    """``SPECS``, ``OpContext`` and ``op`` from ``core.spec``, imported when first asked for:
    a reader of the library index (``core.libraries``) or of the file-access model
    (``core.files``) does not load the solver."""
    if name in ("SPECS", "OpContext", "op"):
        from shapetracer.constraints.core import spec
        return getattr(spec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
