"""Fork server for corpus/run_jobs.py --fork-server: import TensorFlow once, run each job
in a forked child.

The child behaves like ``python ENTRY ARGS`` started in the job's folder: ``__main__``
is the entry script, ``sys.argv``/``sys.path[0]``/cwd/environment are the job's, stdout
and stderr are fresh streams on one file (stdout block-buffered unless the job sets
PYTHONUNBUFFERED), and an uncaught exception is printed by ``sys.excepthook`` from the
script's own frame, exactly as the interpreter prints it.  What differs from a fresh
interpreter: TensorFlow, Keras and numpy were imported before the fork, so their
start-up lines were printed once, by this server; run_jobs.py puts that captured
start-up output at the head of each log and marks the job ``"runner": "fork-server"``.

Protocol: one JSON request per stdin line, one JSON reply per stdout line.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
import time


def preload() -> None:
    import numpy  # noqa: F401
    import tensorflow as tf

    tf.keras.layers.Dense  # noqa: B018  (imports Keras 3 through the tf.keras proxy)
    import tensorflow.compat.v1  # noqa: F401


def run_child(request: dict) -> None:
    work = request["work"]
    os.chdir(work)
    os.environ.update(request.get("env", {}))
    fd = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    unbuffered = bool(os.environ.get("PYTHONUNBUFFERED"))
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                                  line_buffering=False, write_through=unbuffered)
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                                  line_buffering=True, write_through=True)
    entry = os.path.join(work, request["entry"])
    sys.argv = [entry, *request.get("args", [])]
    sys.path[0] = work
    sys.modules.pop("__main__", None)
    import types

    main = types.ModuleType("__main__")
    main.__file__ = entry
    main.__builtins__ = __builtins__
    sys.modules["__main__"] = main
    oracle = request.get("oracle_module")
    if oracle:
        sys.path.insert(1, os.path.dirname(oracle))
        os.environ["ST_ORACLE_OUT"] = request["oracle_out"]
        os.environ["ST_ORACLE_ROOT"] = work
        import importlib.util

        spec = importlib.util.spec_from_file_location("st_oracle", oracle)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.path.pop(1)
    status = 0
    try:
        with open(entry, "rb") as handle:
            code = compile(handle.read(), entry, "exec")
        exec(code, main.__dict__)
    except SystemExit as exc:
        status = _exit_status(exc)
    except BaseException as exc:  # noqa: BLE001  (printed exactly as the interpreter does)
        tb = exc.__traceback__
        if tb is not None and tb.tb_frame.f_code is sys._getframe().f_code:
            tb = tb.tb_next  # drop this runner's frame: Python's own has none above the script
        exc.__traceback__ = tb  # the display follows the exception's own traceback
        try:
            sys.stdout.flush()
        except Exception:
            pass
        sys.excepthook(type(exc), exc, tb)
        status = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass
    os._exit(status)


def _exit_status(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    try:
        sys.stdout.flush()
    except Exception:
        pass
    print(code, file=sys.stderr)
    return 1


def serve() -> None:
    replies = os.fdopen(os.dup(1), "w")
    startup = sys.argv[1]
    fd = os.open(startup, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    preload()
    sys.stdout.flush()
    sys.stderr.flush()
    print(json.dumps({"ready": True}), file=replies, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        started = time.time()
        pid = os.fork()
        if pid == 0:
            run_child(request)
        status = _wait(pid, request.get("timeout", 240))
        print(json.dumps({"status": status, "seconds": time.time() - started}), file=replies, flush=True)


def _wait(pid: int, timeout: float):
    deadline = time.time() + timeout
    while True:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(raw)
        if time.time() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.05)


if __name__ == "__main__":
    serve()
