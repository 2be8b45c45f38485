"""The analysis worker: a child process that runs ``scan_one`` for jobs sent to it.

Protocol (JSON Lines on the child's stdin and its original stdout):
  parent -> child   first line: the ``ScanConfig`` JSON; then ``{"id": n, "job": path}``
  child -> parent   ``{"ready": pid}`` once imports are done; then ``{"id": n, "record": {...}}``

A plain subprocess (not ``multiprocessing``) because it works the same under a
local pool and inside a Dask worker, whose processes are daemonic and may not
fork ``multiprocessing`` children.  The parent owns time and death: it kills a
worker past its deadline and reads a dead worker's exit status, so nothing here
needs to protect itself.  Stray prints from analysed-library code cannot corrupt
the protocol, because fd 1 is pointed at stderr once the protocol stream is saved.
"""

from __future__ import annotations

import faulthandler
import json
import os
import select
import signal
import sys
import threading
import time
from typing import Iterator

POISON_ENV = "SHAPETRACER_TEST_POISON"
IDLE_EXIT = 600.0


def main() -> int:
    protocol = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)  # print() in any library now goes to stderr, not into the protocol
    faulthandler.enable()  # a segfault leaves a traceback on stderr for the crash record
    # Ctrl-C reaches the whole process group; only the parent decides what it means.
    # A worker dying of it first would make its job look "crashed" and be skipped on resume.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    lines = _lines(0)
    first = next(lines, None)
    if first is None:
        return 0
    from shapetracer.jobs.config import ScanConfig
    from shapetracer.jobs.job import scan_one
    import shapetracer.engine
    from shapetracer.constraints import family_modules

    # Every op family and every pass loaded now, before "ready", so that no job's deadline
    # pays for loading what it happens to be the first to use (a worker runs many jobs; the
    # engine itself imports its passes only when a check first needs them).
    family_modules()
    import shapetracer.engine.files  # noqa: F401
    import shapetracer.frontend.interpreter  # noqa: F401
    import shapetracer.projectchecks.files  # noqa: F401
    import shapetracer.versions.infer, shapetracer.versions.job  # noqa: F401,E401
    shapetracer.engine.tune_collector()

    config = ScanConfig.from_json(first.decode())
    _send(protocol, {"ready": os.getpid()})
    for line in lines:
        task = json.loads(line)
        _test_poison(task["job"])
        _send(protocol, {"id": task["id"], "record": scan_one(task["job"], config)})
    return 0


def _lines(fd: int, idle: float = IDLE_EXIT) -> Iterator[bytes]:
    """Lines from the parent; ends at EOF or after ``idle`` seconds without one.

    The idle exit lets a pool kept inside a long-lived Dask worker give its memory
    back between scans; the pool replaces an exited idle worker when needed.
    """
    buffer = b""
    while True:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line
        ready, _, _ = select.select([fd], [], [], idle)
        if not ready:
            return
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        buffer += chunk


def _send(stream, message: dict) -> None:
    stream.write(json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n")


def _die_with_parent() -> None:
    """A worker must not outlive a scan killed with SIGKILL (it may be mid-hang).

    On Linux the kernel sends SIGKILL when the parent dies (PR_SET_PDEATHSIG);
    elsewhere, and as a backstop, a thread notices the re-parenting.
    """
    parent = os.getppid()
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _test_poison(job: str) -> None:
    """Test-only misbehaviour, so tests can prove the pool survives poison jobs.

    ``SHAPETRACER_TEST_POISON="hang:name1,kill:name2,segv:name3,exit:name4"``
    makes the worker hang, SIGKILL itself, segfault or ``os._exit`` on the job whose
    file name is given.  Unset (always, outside the tests) it costs one lookup.
    """
    spec = os.environ.get(POISON_ENV)
    if not spec:
        return
    name = os.path.basename(job.rstrip(os.sep))
    for item in spec.split(","):
        action, _, target = item.partition(":")
        if target != name:
            continue
        if action == "hang":
            while True:
                time.sleep(3600)
        elif action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        elif action == "segv":
            faulthandler._sigsegv()
        elif action == "exit":
            os._exit(3)


if __name__ == "__main__":
    sys.exit(main())
