"""Op shape semantics, one family per module; importing this package loads them all."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from shapetracer.constraints.spec import SPECS, OpContext, op

# Modules that hold the machinery, not an op family.
INFRASTRUCTURE = {"solver", "spec", "binding", "examples", "messages", "api_changes"}


def family_modules() -> list[ModuleType]:
    """Every op-family module, imported (so their specs are registered)."""
    modules = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name not in INFRASTRUCTURE and not info.name.startswith("_"):
            modules.append(importlib.import_module(f"{__name__}.{info.name}"))
    return modules


__all__ = ["SPECS", "OpContext", "family_modules", "op"]
