"""Op shape semantics, one family per module; importing this package loads them all."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any

# Modules that hold the machinery, not an op family.
INFRASTRUCTURE = {"dims", "solver", "spec", "examples"}


def family_modules() -> list[ModuleType]:
    """Every op-family module, imported (so their specs are registered)."""
    modules = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name not in INFRASTRUCTURE and not info.name.startswith("_"):
            modules.append(importlib.import_module(f"{__name__}.{info.name}"))
    return modules


def __getattr__(name: str) -> Any:
    # Lazy: frontend.values imports constraints.dims, which runs this file first; importing
    # spec (which imports frontend.values) here would close an import cycle.
    if name in ("SPECS", "OpContext", "op"):
        from shapetracer.constraints import spec
        return getattr(spec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SPECS", "OpContext", "family_modules", "op"]
