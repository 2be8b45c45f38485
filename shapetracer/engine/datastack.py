"""Running an analysis inside one chunk of CPython's frame stack.

CPython 3.11 keeps the frames of Python calls on a per-thread stack made of chunks of
16 KiB, each mapped from the system (``mmap``) when a call does not fit in the current one
and unmapped as soon as the call that opened it returns.  The interpreter recurses through
expressions, statements, calls and op specs, so its many small calls keep crossing the
same chunk boundary, and each crossing costs a system call both ways and page faults: 6,431
chunks mapped and unmapped while one 150 ms script was analysed (strace), and the analysis
ran up to a third slower or faster when a change elsewhere moved its stack by a frame.

So an analysis runs under a frame that reserves just over half a mebibyte of stack slots
(a code object's ``co_stacksize`` is only how much its frame reserves): the chunk that
frame opens is 1 MiB (16 KiB doubled until the frame fits), and the analysis's own frames,
thousands deep, fit in the other half.  One mapping per analysis instead of thousands:
that script's 155 ms became 110 ms, and the findings are the same.  The reserved slots are
never written, so they cost no memory.  Elsewhere than CPython 3.11 and later, or if the
frame cannot be made, the call runs as it is.
"""

from __future__ import annotations

import sys
import threading
import types
from typing import Callable, TypeVar

T = TypeVar("T")

# slots of 8 bytes: a frame of ~528 KB, whose chunk is 1 MiB
_RESERVED_SLOTS = 66_000
_inside = threading.local()  # an analysis already running in its chunk on this thread


def _call(fn):
    return fn()


def _reserving_frame() -> Callable | None:
    if sys.implementation.name != "cpython" or sys.version_info < (3, 11):
        return None
    try:
        code = _call.__code__.replace(co_stacksize=_RESERVED_SLOTS)
    except (AttributeError, TypeError, ValueError):
        return None
    return types.FunctionType(code, {}, "_call_in_one_chunk")


_CALL_IN_ONE_CHUNK = _reserving_frame()


def in_one_chunk(fn: Callable[[], T]) -> T:
    """``fn()``, its frames on one chunk of the frame stack (nested calls run as they are)."""
    if _CALL_IN_ONE_CHUNK is None or getattr(_inside, "active", False):
        return fn()
    _inside.active = True
    try:
        return _CALL_IN_ONE_CHUNK(fn)
    finally:
        _inside.active = False


__all__ = ["in_one_chunk"]
