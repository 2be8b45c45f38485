"""Speed of shapetracer against pylint and pyflakes on the same files, in the same run.

    python bench/speed.py [PATH ...]        # any folders or files; default: corpus/

Whole runs (one process per tool over all files, so start-up does not dominate):
  shapetracer check --no-generic (the shape pass), shapetracer check (the default: shape
  pass + pyflakes), pyflakes, pylint --disable=all --enable=E, and ruff check --select F
  (when ruff is installed: the speed anchor users know).
Per file (in-process, after warm-up): median and p99 of the shape pass and of the default
check.  Peak memory (max RSS) of each whole run.  Ratios are against pylint and pyflakes.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def files_under(paths: list[Path]) -> list[Path]:
    from shapetracer.engine import iter_python_files
    return sorted(iter_python_files(paths))


def whole_run(command: list[str], files: list[Path]) -> tuple[float, float]:
    """(seconds, peak RSS in MiB) of one process over all files."""
    started = time.perf_counter()
    process = subprocess.Popen(command + [str(f) for f in files], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1024


def per_file(files: list[Path], generic: bool) -> list[float]:
    from shapetracer.engine import Options, check_file
    options = Options(generic=generic)
    check_file(files[0], options)
    times = []
    for file in files:
        started = time.perf_counter()
        check_file(file, options)
        times.append(time.perf_counter() - started)
    return sorted(times)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [ROOT / "corpus"]
    files = files_under(paths)
    lines = sum(len(f.read_bytes().splitlines()) for f in files)
    print(f"files: {len(files)}  lines: {lines}  cores: {os.cpu_count()}")
    exe = [sys.executable, "-m"]
    runs = {
        "shape pass": exe + ["shapetracer.cli", "check", "--no-generic", "--exit-zero"],
        "default check": exe + ["shapetracer.cli", "check", "--exit-zero"],
        "pyflakes": exe + ["pyflakes"],
        "pylint -E": exe + ["pylint", "--disable=all", "--enable=E", "--score=n", "--persistent=n", "-j", "1"],
    }
    ruff = shutil.which("ruff")
    if ruff:
        runs["ruff -F"] = [ruff, "check", "--select", "F", "--no-cache", "--exit-zero", "--quiet"]
    results = {name: whole_run(command, files) for name, command in runs.items()}
    print(f"{'run':15} {'seconds':>8} {'peak MiB':>9} {'/pylint':>8} {'/pyflakes':>9}")
    for name, (seconds, rss) in results.items():
        print(f"{name:15} {seconds:8.2f} {rss:9.0f} {seconds / results['pylint -E'][0]:8.3f} "
              f"{seconds / results['pyflakes'][0]:9.2f}")
    for label, generic in (("shape pass", False), ("default check", True)):
        times = per_file(files, generic)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"per file, {label}: median {statistics.median(times) * 1000:.1f} ms, "
              f"p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
