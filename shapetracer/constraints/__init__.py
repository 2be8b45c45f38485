"""Op shape semantics, one family per module; importing this package loads them all."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from shapetracer.constraints.core.spec import SPECS, OpContext, op

# Modules that hold the machinery, not an op family.
INFRASTRUCTURE = {"core.solver", "core.spec", "core.binding", "core.examples", "core.messages", "core.api_changes",
                  "core.common", "core.arrays", "core.frames", "core.reductions", "core.contraction",
                  "keras.machinery"}


def family_modules() -> list[ModuleType]:
    """Every op-family module, imported (so their specs are registered)."""
    modules = []
    for info in sorted(pkgutil.walk_packages(__path__, f"{__name__}."), key=lambda i: i.name):
        name = info.name.removeprefix(f"{__name__}.")
        if not info.ispkg and name not in INFRASTRUCTURE and not name.rpartition(".")[2].startswith("_"):
            modules.append(importlib.import_module(info.name))
    return modules


__all__ = ["SPECS", "OpContext", "family_modules", "op"]
