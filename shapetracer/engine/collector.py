"""The collector settings of a main that checks many files, and each file's memory taken
back after it.

Never done on import: a program that embeds the engine keeps the collector it had; the
CLI, a scan worker, the study and the language server call ``tune_collector`` for
themselves.
"""

from __future__ import annotations

import contextlib
import gc
import sys
from typing import Iterator

def tune_collector() -> None:
    """Tune CPython's garbage collector for checking many files, and take back each file's
    memory after it (``check_source``): for a main that runs analyses (the CLI, a scan
    worker, the language server), never done on import, so a program that embeds the
    engine keeps the collector it had.

    An analysis allocates millions of short-lived objects (syntax nodes, abstract values,
    Z3 references) and few reference cycles, and CPython's default collector walks the
    long-lived tables (op specs, libcst's and Z3's modules) again at every full collection.
    Those tables are frozen out of the collector (here, and after each file, as the op
    families load when programs first need them), and the youngest generation is collected
    after 100,000 allocations instead of 700: an analysis keeps most of what it
    makes until its file is done, so young collections mostly promote it, and the older
    generations are walked ten times less often than with 10,000 (on the 885 real-world
    files, the collector's time fell from 4.8 s to about 2.6 s of the shape pass)."""
    global _tuned
    if _tuned:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 10, 10)
    _tuned = True


_tuned = False  # tune_collector() was called: check_source reclaims each file's memory

# memory blocks in use after the collector's last walk of everything (None: no file yet)
_blocks_after_sweep: int | None = None
# The engine holds 0.28 M memory blocks once imported, 0.64 M after its first file (the API
# model and the op tables load on first use), and a run over the 885 real-world files settles
# at 1.2-1.3 M (parses kept for the files that import them, caches).  Counted from import with
# a doubling as the trigger, every run of some size made a full walk, 170-250 ms charged to
# one file, that found nothing (DDPG_Continuous.py took 602 ms instead of 261).  Counted from
# the first file, three times is past that settled size.
_SWEEP_GROWTH = 3




@contextlib.contextmanager
def reclaiming(enabled: bool = True) -> Iterator[None]:
    """Around one file's analysis: once the collector was tuned, what the file left behind is
    collected and what survives frozen (``_reclaim``)."""
    if not (enabled and _tuned):
        yield
        return
    before = _collections()
    try:
        yield
    finally:
        _reclaim(before)


def _collections() -> list[int]:
    return [generation["collections"] for generation in gc.get_stats()]


def _reclaim(before: list[int]) -> None:
    """Take back the memory of the file just analysed, charged to that file (once
    ``tune_collector`` was called: it freezes what survives, which is the collector's
    business of the main that tuned it).

    An analysis is a web of reference cycles (scopes, functions, the values that name
    them).  ``Interpreter.release`` cuts the largest, but values still name each other (an
    instance and its bound methods): left to the collector, what remains of each file came
    back in a pause of 100-300 ms inside some later file, whichever crossed the threshold.
    When nothing of the analysis is kept, it is all garbage here, in the youngest
    generations the collector has not yet moved it out of.

    What outlives the collection is long-lived (parses kept for other analyses, the API
    model, caches), so it is frozen out of the collector: left in, the parses kept, a
    quarter of a million objects, were walked again at every older collection, in pauses
    of 100-250 ms charged to whichever file crossed a threshold (on the 885 real-world
    files, the collector's time fell from 1.6 s to 0.8-1.5 s, and no pause is over 50 ms).
    A frozen object that later becomes part of a garbage cycle is never collected, so when
    the memory in use has grown ``_SWEEP_GROWTH`` times since the last full walk, everything
    is walked once more: what a caller embedding the engine holds and drops is kept at most
    that long.  (The memory blocks are counted in constant time; ``gc.get_freeze_count``
    walks the frozen objects, 30-60 ms a call.)  Over three passes of the 885 real-world
    files the frozen set stays at 496,262 objects, and unfrozen, none of them is garbage."""
    global _blocks_after_sweep
    after = _collections()
    if after[1] > before[1] or after[2] > before[2]:
        generation = 2  # an older collection during the file moved some of it to the oldest
    elif after[0] > before[0]:
        generation = 1
    else:
        generation = 0
    gc.collect(generation)
    gc.freeze()
    if _blocks_after_sweep is None:
        _blocks_after_sweep = sys.getallocatedblocks()
    elif sys.getallocatedblocks() > _SWEEP_GROWTH * _blocks_after_sweep:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _blocks_after_sweep = sys.getallocatedblocks()


def before_fork() -> None:
    """Before a pool's workers are forked (``engine.workers``), once the collector was
    tuned: what the main process loaded (op families, the project's parses) is frozen out
    of the collector, so a worker's collections never walk it, which would write each
    object's collector header and copy every page of it into the worker (copy on write)."""
    if _tuned:
        gc.freeze()
