"""The local engine: a pool of worker processes with a deadline per job and crash isolation.

Why not ``concurrent.futures.ProcessPoolExecutor``: it cannot stop a running task,
and one worker killed by a signal breaks the whole pool (``BrokenProcessPool``),
losing every job in flight.  Here each worker runs one job at a time; the parent
watches every worker's pipes and deadline from one ``selectors`` loop, so a job that
hangs is killed and recorded as ``timeout``, a worker that dies (SIGKILL, segfault,
``os._exit``, the OOM killer) is recorded as ``crashed``, and in both cases a fresh
worker takes its place and the scan goes on.  Workers are also recycled after
``max_tasks`` jobs, since Z3 and libcst keep caches that grow.

Each worker holds up to ``QUEUED`` jobs: the one it runs and the next ones, already sent.
With one job at a time a worker sat idle from sending a record until its next job
arrived, while the parent read, wrote and fsynced the record: a job is 20-30 ms of CPU,
a record's fsync 4 ms at the median and 12 ms at p90 on a virtual disk, and the parent
serves every worker in turn, so on 2 cores the pool kept about 0.7 of a core at work.
The deadline of a job starts when it becomes the worker's current one, and only that job
is blamed when the worker hangs or dies; the jobs queued behind it never started, so they
go back to the pending ones.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from typing import Iterable, Iterator

from shapetracer.jobs.config import MAX_TASKS, ScanConfig
from shapetracer.jobs.records import failed_record

STDERR_TAIL = 4096
STARTUP_TIMEOUT = 120.0
QUEUED = 3  # jobs sent to a worker at a time: the current one and the next two


class PoolError(Exception):
    """The pool itself cannot work (workers cannot start): the run fails, exit 2."""


def default_workers() -> int:
    """Every core this process may use (affinity-aware where the OS says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


class _Worker:
    """One child process and the job it is running, if any."""

    def __init__(self, config_json: str, env: dict[str, str]):
        self.proc = subprocess.Popen([sys.executable, "-m", "shapetracer.jobs.worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)
        try:
            self.proc.stdin.write(config_json.encode() + b"\n")
        except OSError:
            pass  # the child died at once (a broken environment): the pool sees it never gets ready
        self.started = time.monotonic()
        self.ready = False
        self.tasks: deque[tuple[int, str]] = deque()  # sent, not answered; the first is running
        self.deadline = float("inf")  # of the first task
        self.assigned_at = 0.0  # when the first task became the running one
        self.done = 0
        self.buffer = bytearray()
        self.stderr_tail = bytearray()

    @property
    def task(self) -> tuple[int, str] | None:
        """The job the worker is running (the first one sent and not answered)."""
        return self.tasks[0] if self.tasks else None

    def assign(self, task_id: int, job: str, timeout: float | None) -> bool:
        """Send a job; False when the worker is already gone (the job is not its fault)."""
        try:
            self.proc.stdin.write(json.dumps({"id": task_id, "job": job}).encode() + b"\n")
        except OSError:
            return False
        self.tasks.append((task_id, job))
        if len(self.tasks) == 1:
            self._begin(timeout)
        return True

    def finish(self, timeout: float | None) -> None:
        """The running job answered: the next one sent, if any, is running now."""
        self.tasks.popleft()
        self.done += 1
        if self.tasks:
            self._begin(timeout)
        else:
            self.deadline = float("inf")

    def _begin(self, timeout: float | None) -> None:
        self.assigned_at = time.monotonic()
        self.deadline = self.assigned_at + timeout if timeout else float("inf")
        self.stderr_tail.clear()

    def messages(self, chunk: bytes) -> list[dict]:
        self.buffer += chunk
        *lines, rest = self.buffer.split(b"\n")
        self.buffer = bytearray(rest)
        return [json.loads(line) for line in lines if line.strip()]

    def keep_stderr(self, chunk: bytes) -> None:
        self.stderr_tail += chunk
        del self.stderr_tail[:-STDERR_TAIL]

    def last_words(self) -> str:
        lines = [ln.strip() for ln in self.stderr_tail.decode("utf-8", "replace").splitlines() if ln.strip()]
        fatal = [ln for ln in lines if ln.startswith(("Fatal Python error", "MemoryError", "Killed"))]
        return (fatal or lines or [""])[-1][:300]


class WorkerPool:
    """Run ``scan_one`` on many jobs; yields one record per job, in completion order."""

    def __init__(self, config: ScanConfig, workers: int | None = None, timeout: float | None = 60.0,
                 max_tasks: int = MAX_TASKS):
        self.config = config
        self.config_json = config.to_json()
        self.config_hash = config.config_hash()
        self.size = workers or default_workers()
        self.timeout = timeout
        self.max_tasks = max_tasks
        self.env = _worker_env()
        self.selector = selectors.DefaultSelector()
        self.workers: list[_Worker] = []
        self.next_id = 0
        self.pending: deque[str] = deque()  # jobs of the current run not sent to a worker

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def run(self, jobs: Iterable[str]) -> Iterator[dict]:
        self.pending = pending = deque(jobs)
        while pending or any(w.tasks for w in self.workers):
            self._grow(len(pending))
            # idle workers first, then a next job for each busy one
            for depth in range(QUEUED):
                for worker in list(self.workers):
                    if not (pending and worker.ready and len(worker.tasks) == depth
                            and worker.done + depth < self.max_tasks):
                        continue
                    self.next_id += 1
                    if not worker.assign(self.next_id, pending[0], self.timeout):
                        if not worker.tasks:  # died idle: replaced on the next turn
                            self._retire(worker, kill=True)
                        continue  # died running a job: its stdout's end makes that job's record
                    pending.popleft()
            yield from self._wait()
            yield from self._expire()

    def close(self) -> None:
        for worker in list(self.workers):
            self._retire(worker, kill=True)

    # ------------------------------------------------------------ internals

    def _grow(self, pending: int) -> None:
        idle = sum(1 for w in self.workers if w.task is None)
        while len(self.workers) < self.size and pending > idle:
            worker = _Worker(self.config_json, self.env)
            self.workers.append(worker)
            self.selector.register(worker.proc.stdout, selectors.EVENT_READ, (worker, "out"))
            self.selector.register(worker.proc.stderr, selectors.EVENT_READ, (worker, "err"))
            idle += 1

    def _wait(self) -> Iterator[dict]:
        now = time.monotonic()
        deadlines = [w.deadline for w in self.workers if w.task] + \
                    [w.started + STARTUP_TIMEOUT for w in self.workers if not w.ready]
        wait = min([max(0.0, d - now) for d in deadlines] + [1.0])
        for key, _ in self.selector.select(wait):
            worker, stream = key.data
            if worker not in self.workers:
                continue
            chunk = os.read(key.fd, 1 << 16)
            if stream == "err":
                if chunk:
                    worker.keep_stderr(chunk)
                else:
                    self.selector.unregister(key.fileobj)
                continue
            if not chunk:
                yield from self._lost(worker)
                continue
            try:
                messages = worker.messages(chunk)
            except ValueError:
                yield from self._lost(worker, "the worker wrote something that is not the protocol")
                continue
            for message in messages:
                yield from self._handle(worker, message)

    def _handle(self, worker: _Worker, message: dict) -> Iterator[dict]:
        if "ready" in message:
            worker.ready = True
            return
        if worker.task is None or message.get("id") != worker.task[0]:
            return
        worker.finish(self.timeout)
        if worker.done >= self.max_tasks and not worker.tasks:
            self._retire(worker)
        yield message["record"]

    def _expire(self) -> Iterator[dict]:
        now = time.monotonic()
        for worker in list(self.workers):
            if worker.task is not None and now >= worker.deadline:
                _, job = worker.task
                self._retire(worker, kill=True)  # its queued jobs go back to the pending ones
                yield failed_record(job, "timeout", f"no result within {self.timeout:g} s; the worker was killed",
                                    self.config_hash, now - worker.assigned_at)
            elif not worker.ready and now >= worker.started + STARTUP_TIMEOUT:
                self._retire(worker, kill=True)
                raise PoolError(f"a worker did not start within {STARTUP_TIMEOUT:g} s")

    def _lost(self, worker: _Worker, reason: str | None = None) -> Iterator[dict]:
        """The worker's stdout closed: it died (or broke the protocol)."""
        task, ready = worker.task, worker.ready
        # No SIGKILL yet: a dying worker gets a moment to exit, so its real status is read.
        self._retire(worker, kill=reason is not None)
        code = worker.proc.returncode
        if reason is None:
            reason = f"the worker process died ({_describe_exit(code)})"
        words = worker.last_words()
        if words:
            reason += f": {words}"
        if not ready:
            raise PoolError(f"a worker failed to start: {reason}")
        if task is not None:
            yield failed_record(task[1], "crashed", reason + " while scanning this job", self.config_hash,
                                time.monotonic() - worker.assigned_at)

    def _retire(self, worker: _Worker, kill: bool = False) -> None:
        """Stop a worker (politely after its last job, by SIGKILL when it hangs or broke).
        The jobs sent behind its running one never started: they go back to the pending ones,
        in their order; the running one is the caller's to record."""
        if worker in self.workers:
            self.workers.remove(worker)
        while len(worker.tasks) > 1:
            self.pending.appendleft(worker.tasks.pop()[1])
        for stream in (worker.proc.stdout, worker.proc.stderr):
            try:
                self.selector.unregister(stream)
            except (KeyError, ValueError):
                pass
        try:
            worker.proc.stdin.close()
        except OSError:
            pass
        if kill:
            _kill(worker.proc)
        try:
            worker.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            _kill(worker.proc)
            worker.proc.wait()
        _drain_stderr(worker)
        worker.proc.stdout.close()
        worker.proc.stderr.close()


def _kill(proc: subprocess.Popen) -> None:
    try:
        proc.kill()
    except ProcessLookupError:
        pass


def _drain_stderr(worker: _Worker) -> None:
    """Read what a dead worker said last (a segfault's 'Fatal Python error' line)."""
    try:
        os.set_blocking(worker.proc.stderr.fileno(), False)
        while chunk := os.read(worker.proc.stderr.fileno(), 1 << 16):
            worker.keep_stderr(chunk)
    except (BlockingIOError, OSError, ValueError):
        pass


def _describe_exit(code: int | None) -> str:
    if code is None:
        return "no exit status"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def _worker_env() -> dict[str, str]:
    """The parent's environment, plus the path this shapetracer was imported from.

    So a worker imports the same code as its parent even when shapetracer is run
    from a source tree that is not installed (the bench, a checkout).
    """
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("PYTHONFAULTHANDLER", "1")
    return env
