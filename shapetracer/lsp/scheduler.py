"""Analyses off the protocol thread: debounced, one at a time, stale results dropped.

Typing must never wait for the analyzer.  Each document has a generation that
every edit bumps.  A change starts a short timer (the debounce); a newer change
cancels the timer.  When it fires, the document's text is snapshotted on the
protocol thread and analysed on a single worker thread (analyses are CPU-bound and
the machine may have two cores: one at a time keeps the editor responsive).  A job
still queued when its document moves on is cancelled (or skipped, if it got to the
worker first); one already running is cancelled: the interpreter asks every few
hundred steps whether its generation is still current and gives up when not
(``frontend.run.cancellable``), as ruff's server cancels a stale pass.  A result
whose generation is no longer current is dropped, so a diagnostic never describes
text the user no longer has.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Generic, TypeVar

from shapetracer.frontend.run import Cancelled, cancellable

S = TypeVar("S")  # a snapshot
R = TypeVar("R")  # an analysis

log = logging.getLogger(__name__)


class Scheduler(Generic[S, R]):
    def __init__(self, analyse: Callable[[S], R], publish: Callable[[str, R], None]):
        self._analyse = analyse
        self._publish = publish
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shapetracer-analysis")
        self._generation: dict[str, int] = {}
        self._timers: dict[str, asyncio.Task] = {}
        self.latest: dict[str, R] = {}  # the newest published analysis of each document
        self.skipped = 0  # queued jobs dropped because their document had moved on
        self.cancelled = 0  # running analyses given up because their document had moved on

    def schedule(self, key: str, snapshot: Callable[[], S | None], delay: float = 0.0) -> None:
        """Analyse ``key`` after ``delay`` seconds of quiet; ``snapshot()`` reads its text then.
        Must be called on the event loop's thread (the protocol thread)."""
        generation = self._generation[key] = self._generation.get(key, 0) + 1
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self._timers[key] = asyncio.ensure_future(self._run(key, generation, snapshot, delay))

    def forget(self, key: str) -> None:
        """The document was closed: cancel its work and drop its results."""
        self._generation[key] = self._generation.get(key, 0) + 1
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        self.latest.pop(key, None)

    def current(self, key: str, generation: int) -> bool:
        return self._generation.get(key) == generation

    async def _run(self, key: str, generation: int, snapshot: Callable[[], S | None], delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            taken = snapshot()
            if taken is None:
                return
            loop = asyncio.get_running_loop()
            result = await loop.run_in_executor(self._executor, self._job, key, generation, taken)
        except asyncio.CancelledError:
            return
        finally:
            if self._timers.get(key) is asyncio.current_task():
                del self._timers[key]
        if result is None or not self.current(key, generation):
            return  # superseded while it ran: the newer run publishes
        self.latest[key] = result
        self._publish(key, result)

    def _job(self, key: str, generation: int, snapshot: S) -> R | None:
        if not self.current(key, generation):
            self.skipped += 1
            return None
        try:
            with cancellable(lambda: not self.current(key, generation)):
                return self._analyse(snapshot)
        except Cancelled:
            self.cancelled += 1
            return None
        except Exception:  # an analyzer bug must not take the server down
            log.exception("analysis of %s failed", key)
            return None

    async def run(self, work: Callable[[], R]) -> R:
        """Run ``work`` on the analysis thread: reading results (shapes render through the
        solver's terms) must not race an analysis that is building new ones."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, work)

    def shutdown(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
