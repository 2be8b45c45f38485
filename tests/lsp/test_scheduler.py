"""The LSP scheduler: debounced, off the event loop, stale results dropped (no timing assumptions:
the analysis is held on an Event where the order matters)."""

from __future__ import annotations

import asyncio
import threading

import pytest

pytest.importorskip("pygls")

from shapetracer.lsp.scheduler import Scheduler  # noqa: E402


class Recorder:
    def __init__(self, hold: str | None = None):
        self.hold = hold
        self.started = threading.Event()
        self.release = threading.Event()
        self.analysed: list[str] = []
        self.published: list[tuple[str, str]] = []
        self.done = asyncio.Event()

    def analyse(self, snapshot: str) -> str:
        if snapshot == self.hold:
            self.started.set()
            self.release.wait(60)
        self.analysed.append(snapshot)
        return f"result of {snapshot}"

    def publish(self, key: str, result: str) -> None:
        self.published.append((key, result))
        self.done.set()


async def until(condition, what: str) -> None:
    for _ in range(6000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


def test_a_newer_change_cancels_the_pending_one():
    async def scenario():
        recorder = Recorder()
        scheduler = Scheduler(recorder.analyse, recorder.publish)
        scheduler.schedule("a.py", lambda: "v1", delay=0.05)
        scheduler.schedule("a.py", lambda: "v2", delay=0.05)
        await recorder.done.wait()
        scheduler.shutdown()
        return recorder

    recorder = asyncio.run(scenario())
    assert recorder.analysed == ["v2"] and recorder.published == [("a.py", "result of v2")]


def test_a_result_for_text_the_user_has_changed_is_dropped_and_queued_work_skipped():
    async def scenario():
        recorder = Recorder(hold="v1")
        scheduler = Scheduler(recorder.analyse, recorder.publish)
        scheduler.schedule("a.py", lambda: "v1")
        await until(recorder.started.is_set, "v1 started")
        taken = []
        scheduler.schedule("b.py", lambda: taken.append("b1") or "b1")  # queued behind v1 on the one worker
        await until(lambda: taken, "b1 snapshot taken")  # and, in the same step, queued
        scheduler.schedule("b.py", lambda: "b2")  # b1 is stale before it starts
        scheduler.schedule("a.py", lambda: "v2")  # v1 is stale while it runs
        recorder.release.set()
        await until(lambda: len(recorder.published) == 2, "two publishes")
        scheduler.shutdown()
        return recorder, scheduler

    recorder, scheduler = asyncio.run(scenario())
    assert sorted(recorder.published) == [("a.py", "result of v2"), ("b.py", "result of b2")]
    assert "b1" not in recorder.analysed  # its queued job was cancelled (or skipped when it got to run)
    assert scheduler.latest == {"a.py": "result of v2", "b.py": "result of b2"}


def test_closing_a_document_drops_its_pending_analysis():
    async def scenario():
        recorder = Recorder()
        scheduler = Scheduler(recorder.analyse, recorder.publish)
        scheduler.schedule("a.py", lambda: "v1", delay=0.05)
        scheduler.forget("a.py")
        scheduler.schedule("b.py", lambda: "b1", delay=0.1)
        await recorder.done.wait()
        scheduler.shutdown()
        return recorder

    recorder = asyncio.run(scenario())
    assert recorder.analysed == ["b1"]


def test_a_newer_change_cancels_the_stale_pass_while_it_runs():
    """The stale analysis is given up inside the interpreter's step loop (Run.tick), not left to
    finish: it would run for a minute, the newer one is published at once."""
    import dataclasses
    import time

    from shapetracer.domain.bounds import Bounds
    from shapetracer.domain.facts import SolverLimits
    from shapetracer.domain.target import Target
    from shapetracer.frontend.run import Run

    finished: list[str] = []
    started = threading.Event()

    def analyse(snapshot: str) -> str:
        if snapshot == "v1":
            run = Run(dataclasses.replace(Bounds(), steps=10**12, seconds=10**6), SolverLimits(), False, Target())
            started.set()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:  # a long analysis: only a cancel ends it early
                run.tick()
        finished.append(snapshot)
        return f"result of {snapshot}"

    async def scenario():
        published: list = []
        scheduler = Scheduler(analyse, lambda key, result: published.append((key, result)))
        scheduler.schedule("a.py", lambda: "v1")
        await until(started.is_set, "v1 started")
        scheduler.schedule("a.py", lambda: "v2")
        await until(lambda: published, "v2 published")
        scheduler.shutdown()
        return scheduler, published

    scheduler, published = asyncio.run(scenario())
    assert published == [("a.py", "result of v2")]
    assert finished == ["v2"] and scheduler.cancelled == 1  # v1 never got to its end
