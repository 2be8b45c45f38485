"""Spread corpus programs over long-lived TensorFlow workers.

One worker per core (``SHAPETRACER_ORACLE_JOBS`` overrides) imports TensorFlow
once and forks a child per program (see worker.py).  A feeding thread per
worker pulls from a shared queue, so slow programs do not hold others back.
When a worker cannot start or dies, the programs it would have run go through
the fallback: one fresh ``python worker.py --single`` process per program.
``SHAPETRACER_ORACLE_NOFORK=1`` uses the fallback for everything.

Run by hand to see raw results::

    python tests/oracle/pool.py corpus/shape/matmul/bug_*.py
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

WORKER = Path(__file__).with_name("worker.py")
DEFAULT_TIMEOUT = 120.0
STARTUP_TIMEOUT = 120.0


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["TF_CPP_MIN_LOG_LEVEL"] = "2"
    env["CUDA_VISIBLE_DEVICES"] = ""
    # oneDNN kernels turn some shape errors (conv2d_transpose) into an opaque
    # AbortedError; the reference kernels report them in TensorFlow's own words.
    env["TF_ENABLE_ONEDNN_OPTS"] = "0"
    env.pop("TF_USE_LEGACY_KERAS", None)  # set per program by the worker
    return env


def default_jobs() -> int:
    value = os.environ.get("SHAPETRACER_ORACLE_JOBS")
    return max(1, int(value)) if value else max(1, os.cpu_count() or 1)


def run_single(request: dict) -> dict:
    """Fallback: one subprocess for one program."""
    timeout = float(request.get("timeout", DEFAULT_TIMEOUT)) + STARTUP_TIMEOUT
    try:
        done = subprocess.run([sys.executable, str(WORKER), "--single", json.dumps(request)],
                              capture_output=True, env=_environment(), timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "path": request["path"], "fallback": True}
    lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
    if not lines:
        return {"status": "crashed", "path": request["path"], "fallback": True,
                "message": done.stderr.decode("utf-8", "replace")[-2000:]}
    result = json.loads(lines[-1])
    result["fallback"] = True
    return result


class Worker:
    """A `worker.py` process speaking JSON lines."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=_environment(), text=True, bufsize=1)
        ready = self._read_line(STARTUP_TIMEOUT)
        if not ready or not json.loads(ready).get("ready"):
            self.close()
            raise RuntimeError("oracle worker did not start")

    def _read_line(self, timeout: float) -> str | None:
        box: list[str] = []
        reader = threading.Thread(target=lambda: box.append(self.process.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(timeout)
        return box[0] if box and box[0] else None

    def run(self, request: dict) -> dict | None:
        """The program's result, or None when the worker itself failed."""
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return None
        # The worker enforces the program's timeout itself; allow slack for the fork.
        line = self._read_line(float(request.get("timeout", DEFAULT_TIMEOUT)) + 30)
        return json.loads(line) if line else None

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


def _drain(tasks: queue.Queue, results: dict, use_fork: bool) -> None:
    worker = None
    if use_fork:
        try:
            worker = Worker()
        except (RuntimeError, OSError):
            worker = None
    try:
        while True:
            try:
                request = tasks.get_nowait()
            except queue.Empty:
                return
            result = worker.run(request) if worker else None
            if result is None:
                if worker:  # the worker died: finish this thread's share without it
                    worker.close()
                    worker = None
                result = run_single(request)
            results[request["path"]] = result
    finally:
        if worker:
            worker.close()


def run_requests(requests: list[dict], jobs: int | None = None) -> dict[str, dict]:
    """Run every request; return results keyed by request path."""
    jobs = jobs or default_jobs()
    use_fork = hasattr(os, "fork") and os.environ.get("SHAPETRACER_ORACLE_NOFORK") != "1"
    tasks: queue.Queue = queue.Queue()
    for request in requests:
        tasks.put(request)
    results: dict[str, dict] = {}
    threads = [threading.Thread(target=_drain, args=(tasks, results, use_fork))
               for _ in range(min(jobs, max(1, len(requests))))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def request_for(program, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """The worker request for a corpus_meta.Program."""
    return {"path": str(program.path), "style": program.style,
            "legacy_keras": program.legacy_keras, "timeout": timeout}


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from corpus_meta import load_program  # noqa: E402

    programs = [load_program(Path(arg).resolve()) for arg in sys.argv[1:]]
    for path, outcome in sorted(run_requests([request_for(p) for p in programs]).items()):
        outcome.pop("output", None) if outcome.get("status") == "ok" else None
        print(json.dumps(outcome))
