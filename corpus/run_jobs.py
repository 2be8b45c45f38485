"""Regenerate every corpus/jobs/<job>/job.log by running the job.

Real jobs (``"log_origin": "real"``) run their entry script under the installed
tensorflow-cpu in a fresh temporary working copy, in a subprocess with a timeout,
stdout and stderr merged into one pipe as a training platform captures them (stdout
stays block-buffered unless the job's env says PYTHONUNBUFFERED, so prints can land
after the traceback, as they do on platforms).  A small oracle (jobgen/oracle,
loaded through PYTHONPATH) records the uncaught exception's type and failing job
line from the exception object; the run is accepted only when that agrees with the
job's job.json, so every label in the corpus is checked against a real run.

A job whose job.json names an ``"image"`` (``"tf2.15"``, ``"tf2.21"``: a version-change
failure, corpus/jobgen/bugs_version.py) runs under that TensorFlow's env from
tests/oracle/envs.py (``python tests/oracle/envs.py install tf2.15``) instead, always
through a fresh process.

Logs no local run can produce (GPU out of memory, CUDA/driver and NCCL errors, the
OOM killer, a full disk, a Python 2.7 image) are written by jobgen/platform_logs.py in
the form platforms print them; their job.json says ``"log_origin": "synthetic-platform"``.

On a loaded machine the TensorFlow import dominates each run; ``--fork-server`` imports
TensorFlow once per worker and runs each job in a forked child (jobgen/zygote.py): the
program, its output and its traceback are the real ones, but TensorFlow's start-up
lines come from the server's import, captured once and placed at the head of the log,
and the server's own frames are dropped from the op-definition stacks TensorFlow
prints; such jobs are marked ``"runner": "fork-server"`` in job.json.

Jobs marked ``"truncated": "head"`` or ``"tail"`` get their real log cut as a
platform's log store cuts it (only the last part kept / capture stopped early).

    python corpus/run_jobs.py                # every job, 2 at a time
    python corpus/run_jobs.py -k job-012 -j 1
    python corpus/run_jobs.py --check        # run and compare, write nothing
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
JOBS = HERE / "jobs"
ORACLE = HERE / "jobgen" / "oracle"
sys.path.insert(0, str(HERE))

from jobgen import platform_logs  # noqa: E402

TIMEOUT = 240
# Variables of this machine that a platform would not set for a job.
DROP_ENV = ("PYTHONUNBUFFERED", "PYTHONPATH", "PYTHONSTARTUP", "TF_CPP_MIN_LOG_LEVEL", "TF_USE_LEGACY_KERAS",
            "CUDA_VISIBLE_DEVICES", "PYTEST_CURRENT_TEST", "PYTHONDONTWRITEBYTECODE")


def interpreter(meta: dict) -> str:
    """The Python that runs a job: its image's env (tests/oracle/envs.py), else this one."""
    image = meta.get("image")
    if not image:
        return sys.executable
    sys.path.insert(0, str(HERE.parent / "tests" / "oracle"))
    import envs  # noqa: E402 (tests/oracle/envs.py)

    python = envs.env_python(image)
    if python is None:
        raise SystemExit(f"{image} env missing: python tests/oracle/envs.py install {image}")
    return str(python)


def run_real(job_dir: Path, meta: dict) -> tuple[str, dict | None, float]:
    """Run the job in a fresh copy; the merged output and the oracle's record."""
    temp = Path(tempfile.mkdtemp(prefix="run-"))
    work = temp / "workspace"
    try:
        shutil.copytree(job_dir, work, ignore=shutil.ignore_patterns("job.json", "job.log", "__pycache__"))
        oracle_out = temp / "oracle.json"
        env = {k: v for k, v in os.environ.items() if k not in DROP_ENV}
        env.update(meta.get("env", {}))
        env["PYTHONPATH"] = str(ORACLE)
        env["ST_ORACLE_OUT"] = str(oracle_out)
        env["ST_ORACLE_ROOT"] = str(work)
        started = time.perf_counter()
        try:
            proc = subprocess.run([interpreter(meta), meta["entry"], *meta.get("args", [])], cwd=work, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
            output = proc.stdout.decode("utf-8", "replace")
            status = proc.returncode
        except subprocess.TimeoutExpired as exc:
            output = (exc.stdout or b"").decode("utf-8", "replace")
            status = "timeout"
        elapsed = time.perf_counter() - started
        record = json.loads(oracle_out.read_text()) if oracle_out.exists() else None
        if record is not None:
            record["status"] = status
        else:
            record = {"status": status}
        return output, record, elapsed
    finally:
        shutil.rmtree(temp, ignore_errors=True)


class ForkServer:
    """One jobgen/zygote.py process: TensorFlow imported once, one job at a time."""

    def __init__(self) -> None:
        self.temp = Path(tempfile.mkdtemp(prefix="zygote-"))
        startup = self.temp / "startup.log"
        env = {k: v for k, v in os.environ.items() if k not in DROP_ENV}
        self.proc = subprocess.Popen([sys.executable, str(HERE / "jobgen" / "zygote.py"), str(startup)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        json.loads(self.proc.stdout.readline())
        self.startup = startup.read_text(errors="replace")

    def run(self, work: Path, meta: dict, log: Path, oracle_out: Path) -> tuple[str, object]:
        request = {"work": str(work), "entry": meta["entry"], "args": meta.get("args", []),
                   "env": meta.get("env", {}), "log": str(log), "oracle_module": str(ORACLE / "sitecustomize.py"),
                   "oracle_out": str(oracle_out), "timeout": TIMEOUT}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        # TensorFlow records the whole Python stack when it builds an op; the server's own
        # frames sit above the script there, where a plain `python train.py` has none.
        own = f'File "{HERE / "jobgen" / "zygote.py"}"'
        output = "".join(line for line in log.read_text(errors="replace").splitlines(keepends=True) if own not in line)
        return self.startup + output, reply["status"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        shutil.rmtree(self.temp, ignore_errors=True)


_SERVERS: dict[int, ForkServer] = {}


def run_forked(job_dir: Path, meta: dict) -> tuple[str, dict | None, float]:
    server = _SERVERS.get(threading.get_ident())
    if server is None:
        server = _SERVERS[threading.get_ident()] = ForkServer()
    temp = Path(tempfile.mkdtemp(prefix="run-"))
    work = temp / "workspace"
    try:
        shutil.copytree(job_dir, work, ignore=shutil.ignore_patterns("job.json", "job.log", "__pycache__", "*.log"))
        oracle_out = temp / "oracle.json"
        started = time.perf_counter()
        output, status = server.run(work, meta, temp / "output.log", oracle_out)
        elapsed = time.perf_counter() - started
        record = json.loads(oracle_out.read_text()) if oracle_out.exists() else {}
        record["status"] = status
        return output, record, elapsed
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def disagreements(meta: dict, record: dict) -> list[str]:
    """Where the real run differs from the job's labels."""
    problems = []
    if record.get("status") in (0, "timeout"):
        return [f"run ended with status {record.get('status')}"]
    expected_exc = meta.get("exception")
    if expected_exc and record.get("exception") != expected_exc:
        problems.append(f"exception {record.get('exception')} != {expected_exc}: {record.get('message', '')[:300]}")
    location = record.get("location")
    if meta.get("file") is not None and location != [meta["file"], meta["line"]]:
        problems.append(f"location {location} != {[meta['file'], meta['line']]}")
    return problems


def truncate(log: str, meta: dict, seed: str) -> str:
    """Cut a real log as a platform's log store would."""
    kind = meta.get("truncated")
    if not kind:
        return log
    rng = random.Random(seed)
    frame = f'{meta["file"]}", line {meta["line"]},'
    at = log.rfind(frame)
    if at < 0:
        raise ValueError("truncation: failing frame not in the log")
    if kind == "tail":
        # Capture stopped inside the library frames below the failing line.
        end = log.index("\n", log.index("\n", at) + 1) + 1
        nxt = log.find("\n", end)
        return log[: end + rng.randint(5, max(6, (nxt - end) // 2))] if nxt > end else log[:end]
    # "head": only the last part was kept, starting in the middle of a line.
    headers = [m.start() for m in re.finditer(r"Traceback \(most recent call last\):", log)]
    if "defined at (most recent call last)" in log or not headers:
        limit = headers[-1] if headers else at
        low, high = int(limit * 0.3), int(limit * 0.95)
    else:
        low, high = headers[-1] + 1, log.rfind("\n", 0, at)  # keep the failing frame's line whole
    start = rng.randint(low, max(low, high))
    return log[start:]


def process(job_dir: Path, check_only: bool, forked: bool = False) -> tuple[str, list[str], float]:
    if not (job_dir / "job.json").exists():
        return job_dir.name, ["job removed while running"], 0.0
    meta = json.loads((job_dir / "job.json").read_text())
    if meta["log_origin"] != "real":
        log = platform_logs.render(job_dir, meta)
        if not check_only:
            (job_dir / "job.log").write_text(log)
        return job_dir.name, [], 0.0
    output, record, elapsed = (run_forked if forked and not meta.get("image") else run_real)(job_dir, meta)
    problems = disagreements(meta, record)
    if not problems and not check_only:
        runner = "fork-server" if forked and not meta.get("image") else None
        if meta.get("runner") != runner:
            if runner:
                meta["runner"] = runner
            else:
                meta.pop("runner", None)
            (job_dir / "job.json").write_text(json.dumps(meta, indent=2) + "\n")
        (job_dir / "job.log").write_text(truncate(output, meta, job_dir.name))
    if problems:
        (job_dir / "job.failed-run.log").write_text(output) if not check_only else None
    elif (job_dir / "job.failed-run.log").exists():
        (job_dir / "job.failed-run.log").unlink()
    return job_dir.name, problems, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="runs at a time (default 2)")
    parser.add_argument("-k", "--select", action="append", default=[], help="substring of job names to run")
    parser.add_argument("--check", action="store_true", help="compare with job.json, write no log")
    parser.add_argument("--missing", action="store_true", help="only jobs that have no job.log yet")
    parser.add_argument("--fork-server", action="store_true",
                        help="import TensorFlow once per worker and fork each job (fast on a loaded machine)")
    args = parser.parse_args()
    dirs = sorted(p for p in JOBS.iterdir() if (p / "job.json").exists())
    if args.select:
        dirs = [d for d in dirs if any(s in d.name for s in args.select)]
    if args.missing:
        dirs = [d for d in dirs if not (d / "job.log").exists()]
    failed = 0
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(process, d, args.check, args.fork_server) for d in dirs]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            name, problems, elapsed = future.result()
            state = "ok" if not problems else "MISMATCH"
            print(f"[{done}/{len(dirs)}] {name}: {state} ({elapsed:.1f}s)", flush=True)
            for problem in problems:
                print(f"    {problem}", flush=True)
            failed += bool(problems)
    for server in _SERVERS.values():
        server.close()
    print(f"{len(dirs) - failed} of {len(dirs)} jobs agree with job.json "
          f"({time.perf_counter() - started:.0f}s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
