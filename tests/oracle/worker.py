"""Run corpus programs under real TensorFlow and report how each one ended.

Importing TensorFlow costs seconds, running a tiny corpus program a fraction of
one, so a worker imports TensorFlow once and then forks a child per program.
The child runs the program with ``runpy`` (real file name, real line numbers)
and writes one JSON result to a pipe; the parent relays it.

Protocol (``python worker.py``): after the import the worker prints
``{"ready": true}``; then it reads one JSON request per stdin line,
``{"path": ..., "style": ..., "legacy_keras": bool, "timeout": seconds}``, and
prints one JSON result per line.  ``python worker.py --single REQUEST_JSON``
runs one program without forking (the fallback when fork misbehaves).

The worker runs under the Python of the env it serves (pool.py starts it with
that env's interpreter), so it must stay Python 3.7 code (the TensorFlow 1.15
env): stdlib only, no walrus, no ``match``, no builtin generics outside
annotations.

Result fields: ``status`` ("ok", "raised", "exit", "timeout", "crashed"),
``type``/``mro``/``message`` for an exception, ``program_line`` (innermost
traceback frame inside the program file), ``exit_code``, ``output`` (tail of
what the program printed, for diagnosis).

An entry point of a multi-file project (corpus/projects) comes with two more request
fields: ``workdir``, the folder the child runs in (the pool's copy of the project), and
``root``, the project's folder; its result then also has ``project_frame``, the
innermost traceback frame inside any file under ``root`` as ``[relative path, line]``.
"""

from __future__ import annotations

import json
import os
import runpy
import select
import signal
import sys
import tempfile
import time
import traceback

OUTPUT_TAIL = 3000
MESSAGE_LIMIT = 4000


def _prepare_environment() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    os.environ["CUDA_VISIBLE_DEVICES"] = ""
    os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"  # see pool._environment


def _install_tf1_shim() -> None:
    """Make ``import tensorflow as tf`` give TF 1.x spelling in graph mode.

    Corpus programs of style ``tf1-plain`` are written as users wrote them for
    TensorFlow 1.x; aliasing the module keeps their source (and line numbers)
    untouched.
    """
    import tensorflow.compat.v1 as tf_v1

    tf_v1.disable_v2_behavior()
    sys.modules["tensorflow"] = tf_v1


def _program_line(exc: BaseException, path: str) -> int | None:
    target = os.path.realpath(path)
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if os.path.realpath(frame.filename) == target:
            line = frame.lineno
    return line


def _project_frame(exc: BaseException, root: str):
    """[path relative to root, line] of the innermost traceback frame in a file under root."""
    top = os.path.realpath(root)
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        filename = os.path.realpath(frame.filename)
        if filename.startswith(top + os.sep):
            found = [os.path.relpath(filename, top).replace(os.sep, "/"), frame.lineno]
    return found


def _describe_exception(exc: BaseException, path: str, root=None) -> dict:
    frames = traceback.extract_tb(exc.__traceback__)
    innermost = frames[-1] if frames else None
    described = {
        "status": "raised",
        "type": f"{type(exc).__module__}.{type(exc).__qualname__}",
        "mro": [cls.__name__ for cls in type(exc).__mro__],
        "message": str(exc)[:MESSAGE_LIMIT],
        "program_line": _program_line(exc, path),
        "innermost": f"{innermost.filename}:{innermost.lineno}" if innermost else None,
    }
    if root:
        described["project_frame"] = _project_frame(exc, root)
    return described


def run_in_this_process(request: dict) -> dict:
    """Run one program here; never returns normally from a failing program's exception."""
    path = os.path.abspath(request["path"])
    if request.get("legacy_keras"):
        os.environ["TF_USE_LEGACY_KERAS"] = "1"
    else:
        os.environ.pop("TF_USE_LEGACY_KERAS", None)
    if request.get("style") == "tf1-plain":
        _install_tf1_shim()
    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(path))
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as exc:
        code = exc.code
        if code in (None, 0):
            return {"status": "ok"}
        return {"status": "exit", "exit_code": code if isinstance(code, int) else str(code)}
    except BaseException as exc:  # noqa: BLE001 - every ending is a result
        return _describe_exception(exc, path, request.get("root"))
    return {"status": "ok"}


def _read_all(fd: int, deadline: float) -> tuple[bytes, bool]:
    """Read a pipe until EOF or the deadline; return (data, timed_out)."""
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


def _tail(handle) -> str:
    handle.seek(0)
    data = handle.read()
    return data[-OUTPUT_TAIL:].decode("utf-8", "replace")


def run_forked(request: dict, workdir: str) -> dict:
    """Fork a child that runs the program; the parent keeps TensorFlow imported."""
    read_fd, write_fd = os.pipe()
    output = tempfile.TemporaryFile()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_fd)
        try:
            os.setpgid(0, 0)
            os.dup2(output.fileno(), 1)
            os.dup2(output.fileno(), 2)
            os.chdir(workdir)
            result = run_in_this_process(request)
            sys.stdout.flush()
            sys.stderr.flush()
            os.write(write_fd, json.dumps(result).encode())
        except BaseException as exc:  # noqa: BLE001
            os.write(write_fd, json.dumps({"status": "crashed", "message": repr(exc)}).encode())
        finally:
            os._exit(0)
    os.close(write_fd)
    deadline = started + float(request.get("timeout", 120))
    data, timed_out = _read_all(read_fd, deadline)
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
        result = {"status": "crashed", "message": f"child ended with wait status {status}"}
    result["output"] = _tail(output)
    result["seconds"] = round(time.monotonic() - started, 3)
    output.close()
    return result


def serve() -> None:
    _prepare_environment()
    import numpy  # noqa: F401  (warm imports shared by every child)
    import tensorflow  # noqa: F401
    import tensorflow.compat.v1  # noqa: F401

    workdir = tempfile.mkdtemp(prefix="st-oracle-")
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        result = run_forked(request, request.get("workdir") or workdir)
        result["path"] = request["path"]
        print(json.dumps(result), flush=True)


def single(request_json: str) -> None:
    """Fallback: run one program in this fresh process and print its result."""
    _prepare_environment()
    request = json.loads(request_json)
    workdir = request.get("workdir") or tempfile.mkdtemp(prefix="st-oracle-")
    real_stdout = os.dup(1)
    sink = tempfile.TemporaryFile()
    os.dup2(sink.fileno(), 1)
    os.dup2(sink.fileno(), 2)
    os.chdir(workdir)
    started = time.monotonic()
    result = run_in_this_process(request)
    sys.stdout.flush()
    sys.stderr.flush()
    result["output"] = _tail(sink)
    result["seconds"] = round(time.monotonic() - started, 3)
    result["path"] = request["path"]
    os.write(real_stdout, (json.dumps(result) + "\n").encode())
    os._exit(0)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--single":
        single(sys.argv[2])
    else:
        serve()
