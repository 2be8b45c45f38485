"""Spread corpus programs over long-lived TensorFlow workers, one TensorFlow at a time.

A request names the TensorFlow version to run its program under; the programs of
one version run under that version's env (tests/oracle/envs.py: its own Python and
packages), the versions one after another.  One worker per core
(``SHAPETRACER_ORACLE_JOBS`` overrides) imports TensorFlow once and forks a child
per program (see worker.py).  A feeding thread per worker pulls from a shared
queue, so slow programs do not hold others back.  When a worker cannot start or
dies, the programs it would have run go through the fallback: one fresh
``python worker.py --single`` process per program.  ``SHAPETRACER_ORACLE_NOFORK=1``
uses the fallback for everything.

Run by hand to see raw results (under every version a program lists, or the one
given)::

    python tests/oracle/pool.py corpus/shape/matmul/bug_*.py
    python tests/oracle/pool.py --tf 1.15 corpus/shape/keras/bug_*.py
    python tests/oracle/pool.py corpus/projects/*/bug     # a project variant's folder

A project variant (corpus/projects/<name>/bug, ok or clean) is one request: its entry
points run one after another, each forked like a program, in a temporary copy of the
folder as working directory (``_run_project``).
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import envs  # noqa: E402

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


def env_name(version: str) -> str:
    """The envs.py env of a TensorFlow version: "1.15" -> "tf1.15"."""
    return "tf" + version


def python_for(version: str) -> tuple[str | None, str]:
    """(the interpreter that runs ``version``, "") or (None, why there is none).

    The env built by envs.py; for 2.21 (the version the oracle ran before it ran
    several) this interpreter too, when it has tensorflow 2.21 installed."""
    name = env_name(version)
    if name not in envs.ENVS:
        return None, f"no env is defined for TensorFlow {version} (tests/oracle/envs.py)"
    found = envs.env_python(name)
    if found is not None:
        return str(found), ""
    if version == "2.21" and _installed_here().startswith("2.21."):
        return sys.executable, ""
    return None, (f"TensorFlow {version} is not installed: run `python tests/oracle/envs.py install {name}` "
                  f"(its env goes under {envs.env_dir(name)})")


def _installed_here() -> str:
    from importlib import metadata

    for package in ("tensorflow-cpu", "tensorflow"):
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            continue
    return ""


def result_key(version: str, path: str) -> str:
    return f"{version}:{path}"


def run_single(request: dict, python: str = sys.executable) -> dict:
    """Fallback: one subprocess for one program."""
    timeout = float(request.get("timeout", DEFAULT_TIMEOUT)) + STARTUP_TIMEOUT
    try:
        done = subprocess.run([python, str(WORKER), "--single", json.dumps(request)],
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

    def __init__(self, python: str = sys.executable) -> None:
        self.process = subprocess.Popen(
            [python, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
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


def _run_one(worker, request: dict, python: str):
    """(result, worker): the result of one program, the worker to go on with (None once it died)."""
    result = worker.run(request) if worker else None
    if result is None:
        if worker:  # the worker died: finish this thread's share without it
            worker.close()
            worker = None
        result = run_single(request, python)
    return result, worker


def _run_project(worker, request: dict, python: str):
    """Run a project's entry points in order, each as its own program, in one copy of the
    project's folder (so files one entry writes are there for the next, and the corpus stays
    untouched); stop at the first that does not end normally.  The result is that entry's
    (or the last one's), with ``entry`` naming it and ``project_frame`` relative to the folder."""
    copy = tempfile.mkdtemp(prefix="st-project-")
    root = os.path.join(copy, os.path.basename(request["path"].rstrip(os.sep)))
    shutil.copytree(request["path"], root, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    result: dict = {"status": "ok"}
    try:
        for entry in request["entries"]:
            single = {"path": os.path.join(root, entry), "style": request.get("style", ""),
                      "legacy_keras": request.get("legacy_keras", False),
                      "timeout": request.get("timeout", DEFAULT_TIMEOUT), "workdir": root, "root": root}
            result, worker = _run_one(worker, single, python)
            result["entry"] = entry
            if result.get("status") != "ok":
                break
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    result["path"] = request["path"]
    return result, worker


def _drain(tasks: queue.Queue, results: dict, use_fork: bool, python: str) -> None:
    worker = None
    if use_fork:
        try:
            worker = Worker(python)
        except (RuntimeError, OSError):
            worker = None
    try:
        while True:
            try:
                request = tasks.get_nowait()
            except queue.Empty:
                return
            if request.get("entries") is not None:
                result, worker = _run_project(worker, request, python)
            else:
                result, worker = _run_one(worker, request, python)
            result["version"] = request["version"]
            results[result_key(request["version"], request["path"])] = result
    finally:
        if worker:
            worker.close()


def run_requests(requests: list[dict], jobs: int | None = None,
                 on_version=None) -> dict[str, dict]:
    """Run every request under its version's env, one version after another; results are
    keyed by ``result_key(version, path)``.  A version without an env gives results of
    status "unavailable" (with the reason).  ``on_version(version, seconds, count)`` is
    told how long each version took."""
    jobs = jobs or default_jobs()
    use_fork = hasattr(os, "fork") and os.environ.get("SHAPETRACER_ORACLE_NOFORK") != "1"
    results: dict[str, dict] = {}
    by_version: dict[str, list[dict]] = {}
    for request in requests:
        by_version.setdefault(request["version"], []).append(request)
    for version, group in sorted(by_version.items()):
        python, reason = python_for(version)
        if python is None:
            for request in group:
                results[result_key(version, request["path"])] = {
                    "status": "unavailable", "message": reason, "path": request["path"], "version": version}
            continue
        started = time.monotonic()
        tasks: queue.Queue = queue.Queue()
        for request in group:
            tasks.put(request)
        threads = [threading.Thread(target=_drain, args=(tasks, results, use_fork, python))
                   for _ in range(min(jobs, len(group)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if on_version is not None:
            on_version(version, time.monotonic() - started, len(group))
    return results


def request_for(program, version: str, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """The worker request that runs a corpus_meta.Program under TensorFlow ``version``."""
    # TF_USE_LEGACY_KERAS=1 selects tf_keras where tf.keras is Keras 3 (2.16 on); before, tf.keras
    # is Keras 2 already and the variable would ask for a tf_keras those envs do not have.
    legacy = program.legacy_keras and version not in ("1.15", "2.15")
    return {"path": str(program.path), "style": program.style, "version": version,
            "legacy_keras": legacy, "timeout": timeout}


def project_request_for(variant, version: str, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """The request that runs a projects_meta.Variant's entry points under TensorFlow ``version``."""
    return {"path": str(variant.folder), "entries": list(variant.project.entries), "style": "",
            "version": version, "legacy_keras": False, "timeout": timeout}


if __name__ == "__main__":
    from corpus_meta import load_program  # noqa: E402

    arguments = sys.argv[1:]
    only = None
    if len(arguments) >= 2 and arguments[0] == "--tf":
        only, arguments = arguments[1], arguments[2:]
    from projects_meta import load_project, Variant  # noqa: E402

    wanted = []
    for arg in arguments:
        path = Path(arg).resolve()
        if path.is_dir():
            variant = Variant(load_project(path.parent), path.name)
            wanted += [project_request_for(variant, v) for v in ([only] if only else variant.project.versions)]
        else:
            program = load_program(path)
            wanted += [request_for(program, v) for v in ([only] if only else program.versions)]
    for key, outcome in sorted(run_requests(wanted).items()):
        outcome.pop("output", None) if outcome.get("status") == "ok" else None
        print(json.dumps(outcome))
