"""Run generated programs under TensorFlow and under shapetracer, and compare.

TensorFlow side: one long-lived worker process per core imports TensorFlow
once (seconds) and then runs program after program in process, resetting the
default graph and closing sessions in between (about 15 ms a program), with a
SIGALRM timeout; each worker is replaced after RECYCLE_AFTER programs, and one
that dies is replaced at once.  ``fork=True`` runs each program in a forked
child instead (full isolation, about twice the cost).  A program runs from a
real file in the worker's scratch folder, and its verdict is the exception
type and message and the innermost traceback line inside that file.

shapetracer side: ``check_source`` in a pool of processes forked from this one;
the first error-severity finding (warnings and notes do not count) is its
verdict.

Agreement: TensorFlow raises a shape error at line L exactly when
shapetracer's first error is at L (both clean also agrees).  Kinds of
disagreement: ``tf-only`` (shapetracer missed it), ``st-only`` (a false
alarm), ``line`` (both fail, at different lines).  A program that TensorFlow
rejects for another reason (a dtype slip of the generator, a timeout) is
``excluded`` and listed, not counted; an engine crash is ``st-crash``.

Run as ``python diffrun.py --worker`` it is the worker.
"""

from __future__ import annotations

import json
import os
import queue
import re
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field

STARTUP_TIMEOUT = 180.0


# --- the worker (runs inside the TensorFlow process) ---------------------------------

def _run_program(text: str, path: str) -> dict:
    """Execute one program here; describe how it ended.

    The program runs from a real file: TensorFlow quotes the op's source line in
    run-time errors, and for a file it cannot read it raises a bare
    ``RuntimeError: basic_string::_M_construct null not valid`` instead of the
    kernel's InvalidArgumentError."""
    namespace: dict = {"__name__": "__main__"}
    try:
        with open(path, "w") as handle:
            handle.write(text)
        code = compile(text, path, "exec")
        exec(code, namespace)  # noqa: S102 - generated test programs only
    except SystemExit:
        return {"status": "ok"}
    except BaseException as exc:  # noqa: BLE001 - every ending is a result
        line = None
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename == path:
                line = frame.lineno
        return {"status": "raised", "type": type(exc).__name__,
                "mro": [cls.__name__ for cls in type(exc).__mro__],
                "message": str(exc)[:3000], "line": line}
    finally:
        _close_sessions(namespace)
    return {"status": "ok"}


def _close_sessions(namespace: dict) -> None:
    """In-process mode: free what a program left behind, so the next one starts clean."""
    import tensorflow.compat.v1 as tf

    for value in list(namespace.values()):
        if isinstance(value, tf.Session):
            try:
                value.close()
            except Exception:  # noqa: BLE001
                pass
    namespace.clear()
    tf.reset_default_graph()


class _Timeout(BaseException):
    """Raised by SIGALRM inside a program that runs too long (in-process mode)."""


def _on_alarm(signum, frame):  # noqa: ARG001
    raise _Timeout()


def _run_here(text: str, timeout: float, path: str) -> dict:
    """In-process mode: no fork, the graph is reset between programs (the fast default)."""
    started = time.monotonic()
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        result = _run_program(text, path)
    except _Timeout:
        result = {"status": "timeout"}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if result.get("type") == "_Timeout":
        result = {"status": "timeout"}
    result["seconds"] = round(time.monotonic() - started, 3)
    return result


def _read_until(fd: int, deadline: float) -> tuple[bytes, bool]:
    chunks = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return b"".join(chunks), True
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            return b"".join(chunks), False
        chunks.append(chunk)


def _run_forked(text: str, timeout: float, path: str) -> dict:
    """Fork mode: a child per program, full isolation, about twice the cost."""
    read_fd, write_fd = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: run, report, leave without cleanup
        os.close(read_fd)
        try:
            os.setpgid(0, 0)
            result = _run_program(text, path)
            os.write(write_fd, json.dumps(result).encode())
        except BaseException as exc:  # noqa: BLE001
            os.write(write_fd, json.dumps({"status": "crashed", "message": repr(exc)}).encode())
        finally:
            os._exit(0)
    os.close(write_fd)
    data, timed_out = _read_until(read_fd, started + timeout)
    os.close(read_fd)
    if timed_out:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    if timed_out:
        result = {"status": "timeout"}
    elif data:
        result = json.loads(data)
    else:
        result = {"status": "crashed", "message": f"wait status {status}"}
    result["seconds"] = round(time.monotonic() - started, 3)
    return result


def serve() -> None:
    """Worker main loop: JSON request per stdin line, JSON result per stdout line.

    The protocol keeps stdout for itself: what programs print goes to /dev/null."""
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    import importlib

    importlib.import_module("numpy")  # warm imports shared by every program
    import tensorflow.compat.v1 as tf

    tf.disable_v2_behavior()
    workdir = tempfile.mkdtemp(prefix="st-diff-")
    os.chdir(workdir)
    protocol.write(json.dumps({"ready": True}) + "\n")
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        path = os.path.join(workdir, f"program_{request['id']}.py")
        run = _run_forked if request.get("fork") else _run_here
        result = run(request["text"], float(request.get("timeout", 60)), path)
        try:
            os.unlink(path)
        except OSError:
            pass
        result["id"] = request["id"]
        protocol.write(json.dumps(result) + "\n")


# --- the pool (runs in the caller) -------------------------------------------------------

def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    env["CUDA_VISIBLE_DEVICES"] = ""
    env["TF_ENABLE_ONEDNN_OPTS"] = "0"  # reference kernels, TensorFlow's usual error wording
    env.pop("TF_USE_LEGACY_KERAS", None)
    return env


class Worker:
    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_environment(),
                                        text=True, bufsize=1)
        line = self._readline(STARTUP_TIMEOUT)
        if not line or not json.loads(line).get("ready"):
            self.close()
            raise RuntimeError("TensorFlow worker did not start (is tensorflow importable?)")

    def _readline(self, timeout: float) -> str | None:
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return None
        return self.process.stdout.readline() or None

    def run(self, request: dict) -> dict | None:
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return None
        line = self._readline(float(request.get("timeout", 60)) + 30)
        return json.loads(line) if line else None

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


RECYCLE_AFTER = 400  # in-process workers are replaced now and then, bounding what leaks


def run_under_tensorflow(texts: dict[int, str], jobs: int | None = None, timeout: float = 60.0,
                         progress=None, fork: bool = False) -> dict[int, dict]:
    """Run every program (id -> text) under TensorFlow; id -> result.

    ``fork``: a child process per program (isolation) instead of running in the
    worker with the default graph reset in between (about twice as fast)."""
    jobs = jobs or max(1, os.cpu_count() or 1)
    tasks: queue.Queue = queue.Queue()
    for ident, text in texts.items():
        tasks.put((ident, text))
    results: dict[int, dict] = {}
    errors: list[str] = []

    def drain() -> None:
        worker = None
        served = 0
        try:
            while True:
                try:
                    ident, text = tasks.get_nowait()
                except queue.Empty:
                    return
                if worker is not None and not fork and served >= RECYCLE_AFTER:
                    worker.close()
                    worker, served = None, 0
                served += 1
                request = {"id": ident, "text": text, "timeout": timeout, "fork": fork}
                result = None
                for _ in range(2):  # a dead worker is replaced once per program
                    if worker is None:
                        try:
                            worker = Worker()
                        except (RuntimeError, OSError) as exc:
                            errors.append(str(exc))
                            return
                    result = worker.run(request)
                    if result is not None:
                        break
                    worker.close()
                    worker = None
                results[ident] = result or {"status": "crashed", "message": "worker died"}
                if progress:
                    progress(len(results))
        finally:
            if worker:
                worker.close()

    threads = [threading.Thread(target=drain, daemon=True) for _ in range(min(jobs, max(1, len(texts))))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors and not results:
        raise RuntimeError(errors[0])
    return results


# --- verdicts --------------------------------------------------------------------------

# TensorFlow reports shape failures as ValueError while the graph is built and as
# InvalidArgumentError when a run evaluates the op; both also carry other causes,
# so the message decides.
NOT_SHAPE = re.compile(r"must be from the same graph|expected dtype|must be one of the following types|"
                       r"Attempting to use uninitialized|You must feed a value|as it was not created|"
                       r"type \w+ that does not match|Tensor conversion requested dtype", re.IGNORECASE)
SHAPE_TYPES = {"ValueError", "InvalidArgumentError", "IndexError"}


def tf_verdict(result: dict) -> tuple[str, int | None]:
    """("ok", None), ("shape", line) or ("other", line) for one TensorFlow result."""
    status = result.get("status")
    if status == "ok":
        return "ok", None
    if status != "raised":
        return "other", None
    mro = set(result.get("mro", []))
    message = result.get("message", "")
    if SHAPE_TYPES & mro and not NOT_SHAPE.search(message):
        return "shape", result.get("line")
    return "other", result.get("line")


@dataclass(frozen=True)
class StError:
    """An error-severity finding, reduced to what the comparison needs (picklable)."""

    code: str
    line: int
    message: str


def st_verdict(text: str, path: str = "program.py"):
    """(first error line or None, [StError], seconds, crash traceback or None)."""
    from shapetracer.engine import Options, check_source
    from shapetracer.rules.codes import RULES

    started = time.perf_counter()
    try:
        result = check_source(text.encode(), path, None, Options(generic=False))
    except Exception:  # noqa: BLE001 - an engine crash is a finding of this bench
        return None, [], time.perf_counter() - started, traceback.format_exc()
    seconds = time.perf_counter() - started
    errors = [StError(f.code, f.line, f.message) for f in result.findings
              if RULES.get(f.code) is not None and RULES[f.code].severity == "error"]
    errors.sort(key=lambda e: e.line)
    first = errors[0].line if errors else None
    return first, errors, seconds, None


def _st_job(item: tuple[int, str]):
    ident, text = item
    return ident, st_verdict(text)


@dataclass
class Outcome:
    ident: int
    text: str
    kind: str  # agree-ok | agree-error | tf-only | st-only | line | excluded
    tf: dict
    tf_line: int | None
    st_line: int | None
    st_errors: list = field(default_factory=list)
    st_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def describe(self) -> str:
        tf_part = "TF ok" if self.tf.get("status") == "ok" else \
            f"TF {self.tf.get('type', self.tf.get('status'))} at {self.tf_line}: {_headline(self.tf.get('message', ''))}"
        st_part = "ST clean" if self.st_line is None else \
            "ST " + "; ".join(f"{f.code} at {f.line}: {f.message}" for f in self.st_errors[:2])
        return f"{tf_part}\n    {st_part}"


_NOISE = ("Graph execution error", "Detected at node", "Node:", "Original stack trace", "File ", "[[",
          "Errors may have originated", "Traceback")


def _headline(message: str) -> str:
    """The line of a TensorFlow message that states the error (not the node or stack trace)."""
    for line in message.splitlines():
        stripped = line.strip()
        if stripped and not line.startswith((" ", "\t")) and not stripped.startswith(_NOISE):
            return stripped[:300]
    return message.strip().splitlines()[0][:300] if message.strip() else ""


def compare(ident: int, text: str, tf_result: dict, st: tuple, notes: list[str] | None = None) -> Outcome:
    st_line, errors, seconds, crashed = st
    verdict, tf_line = tf_verdict(tf_result)
    if crashed:
        kind = "st-crash"
        tf_result = dict(tf_result, st_crash=crashed)
    elif verdict == "other":
        kind = "excluded"
    elif verdict == "ok":
        kind = "agree-ok" if st_line is None else "st-only"
    elif st_line is None:
        kind = "tf-only"
    else:
        kind = "agree-error" if st_line == tf_line else "line"
    return Outcome(ident, text, kind, tf_result, tf_line, st_line, errors, seconds, notes or [])


AGREEING = ("agree-ok", "agree-error")
DISAGREEING = ("tf-only", "st-only", "line")


def agreement(outcomes: list[Outcome]) -> float:
    counted = [o for o in outcomes if o.kind in AGREEING + DISAGREEING]
    if not counted:
        return 1.0
    return sum(o.kind in AGREEING for o in counted) / len(counted)


def run_programs(programs, jobs: int | None = None, timeout: float = 60.0, progress=None,
                 fork: bool = False) -> list[Outcome]:
    """One Outcome per program: TensorFlow in its worker pool while shapetracer runs in a
    pool of forked processes of this one (both spread over ``jobs`` cores)."""
    import multiprocessing

    jobs = jobs or max(1, os.cpu_count() or 1)
    texts = {p.seed: p.text for p in programs}
    # The shapetracer pool forks before any thread starts.
    st_pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 and len(programs) > 20 else None
    box: dict = {}

    def tf_side() -> None:
        try:
            box["tf"] = run_under_tensorflow(texts, jobs, timeout, progress, fork)
        except BaseException as exc:  # noqa: BLE001 - re-raised below
            box["error"] = exc

    thread = threading.Thread(target=tf_side, daemon=True)
    thread.start()
    try:
        if st_pool is not None:
            st_results = dict(st_pool.imap_unordered(_st_job, texts.items(), chunksize=8))
        else:
            st_results = dict(_st_job(item) for item in texts.items())
    finally:
        if st_pool is not None:
            st_pool.close()
            st_pool.join()
    thread.join()
    if "error" in box:
        raise box["error"]
    return [compare(p.seed, p.text, box["tf"].get(p.seed, {"status": "crashed"}), st_results[p.seed], p.notes)
            for p in programs]


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        serve()
    else:
        print(__doc__)
        sys.exit(2)
