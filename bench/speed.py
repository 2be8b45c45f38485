"""Speed of shapetracer against pylint and pyflakes on the same files, in the same run.

    python bench/speed.py [PATH ...]        # any folders or files; default: corpus/

Whole runs (one process per tool over all files, so start-up does not dominate):
  shapetracer check --no-generic (the shape pass), shapetracer check (the default: shape
  pass + pyflakes), pyflakes, pylint --disable=all --enable=E, and ruff check --select F
  (when ruff is installed: the speed anchor users know).
Per file (in-process, after warm-up): median, p99 and max of the shape pass and of the
default check.  Peak memory (max RSS) of each whole run.  Ratios are against pylint and
pyflakes.  Every figure is given in wall-clock and in CPU time (user + system): on a machine
shared with other work the wall clock measures the load as much as the tool, CPU time does not.
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
    # .py only: pyflakes and pylint read no notebooks, and the tools must see the same files
    return sorted(p for p in iter_python_files(paths) if p.suffix == ".py")


def whole_run(command: list[str], files: list[Path]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MiB) of one process over all files."""
    started = time.perf_counter()
    process = subprocess.Popen(command + [str(f) for f in files], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def byte_compile() -> None:
    """shapetracer's modules byte-compiled, as an installed package's are (pip compiles them;
    pylint's and pyflakes' are, in site-packages).  A source checkout run with
    PYTHONDONTWRITEBYTECODE set would compile its ~200 modules again in every process."""
    import compileall
    compileall.compile_dir(ROOT / "shapetracer", quiet=1)


def per_file(files: list[Path], generic: bool) -> tuple[list[float], list[float]]:
    """Sorted wall-clock and CPU seconds of each file."""
    from shapetracer.engine import Options, check_file
    options = Options(generic=generic, keep_shapes=False)  # as `shapetracer check` runs without fixes
    check_file(files[0], options)
    walls, cpus = [], []
    for file in files:
        started, cpu = time.perf_counter(), time.process_time()
        check_file(file, options)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return sorted(walls), sorted(cpus)


def _quantiles(times: list[float]) -> str:
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"


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
    byte_compile()
    results = {name: whole_run(command, files) for name, command in runs.items()}
    pylint, pyflakes = results["pylint -E"], results["pyflakes"]
    print(f"{'run':15} {'seconds':>8} {'/pylint':>8} {'/pyflakes':>9} {'cpu s':>8} {'/pylint':>8} "
          f"{'/pyflakes':>9} {'peak MiB':>9}")
    for name, (seconds, cpu, rss) in results.items():
        print(f"{name:15} {seconds:8.2f} {seconds / pylint[0]:8.3f} {seconds / pyflakes[0]:9.2f} "
              f"{cpu:8.2f} {cpu / pylint[1]:8.3f} {cpu / pyflakes[1]:9.2f} {rss:9.0f}")
    for label, generic in (("shape pass", False), ("default check", True)):
        walls, cpus = per_file(files, generic)
        print(f"per file, {label}: {_quantiles(walls)}; CPU: {_quantiles(cpus)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
