"""The bounds an analysis works within: paths kept at unknown branches, loop unrolling,
call depth, steps and seconds per file, and the device memory tensors are checked against.

Plain data: the options table (``shapetracer.options``) builds them from flags and config,
the interpreter and the specs read them.  A device-memory setting is read here too, so the
option can check it without the specs.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

# How many items a loop unrolls, and so how many separately known items (rows of a small
# array, random draws) are worth tracking; more than that is data, summarised.
UNROLL_BOUND = 64
DEFAULT_DEVICE_MEMORY = "141GiB"  # the largest single accelerator on sale


@dataclass
class Bounds:
    max_paths: int = 16
    unroll: int = UNROLL_BOUND
    call_depth: int = 8
    steps: int = 60_000  # evaluated nodes per file (imported modules included) before giving up the rest
    # A loop over known items unrolls while its projected cost (steps of the iterations so
    # far, per iteration, times the items) stays under this; its remaining items are then
    # summarised like a loop over unknown items.  Nested unrolled loops (epochs x batches x
    # a helper's own loop) otherwise multiply.
    unroll_steps: int = 6_000
    seconds: float = 10.0  # CPU-time budget per file (the analysing thread's)
    device_memory: str = DEFAULT_DEVICE_MEMORY  # tensors larger than this draw ST205 (constraints/core/memory.py)


@dataclass
class SolverLimits:
    """What one solver query may spend.  Plain data beside ``Bounds``: the options read both
    without importing Z3 (``domain.facts`` re-exports it for the solver's side)."""

    timeout_ms: int = 2000
    rlimit: int = 5_000_000


# --- device memory sizes ---------------------------------------------------------------

_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "m": 1000 ** 2, "mb": 1000 ** 2, "g": 1000 ** 3, "gb": 1000 ** 3,
          "t": 1000 ** 4, "tb": 1000 ** 4, "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$")


def parse_size(text: Any) -> int | None:
    """Bytes in a size such as ``16GiB``, ``80 GB``, ``141gib`` or ``17179869184``; None if unreadable."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text if text > 0 else None
    return _parse_text_size(str(text))


@functools.lru_cache(maxsize=32)
def _parse_text_size(text: str) -> int | None:
    """(Read once per setting: the device size is asked for at every op.)"""
    match = _SIZE.match(text)
    if not match or match.group(2).lower() not in _UNITS:
        return None
    size = int(float(match.group(1)) * _UNITS[match.group(2).lower()])
    return size if size > 0 else None


def size_problem(text: Any) -> str | None:
    """Why ``text`` is not a device-memory size (for the option's check), or None."""
    return None if parse_size(text) is not None else \
        f"'device-memory' must be a size such as 16GiB, 80GB or a number of bytes, not {text!r}"
