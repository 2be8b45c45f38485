"""Speed of shapetracer against pylint and pyflakes on the same files, in the same run.

    python bench/speed.py [PATH ...]        # any folders or files; default: corpus/

Whole runs (one process per tool over all files, so start-up does not dominate):
  shapetracer check --no-generic (the shape pass), shapetracer check (the default: shape
  pass + pyflakes), pyflakes, pylint --disable=all --enable=E, and ruff check --select F
  (when ruff is installed: the speed anchor users know).  The checks run cold (--no-cache:
  no .shapetracer_cache/ read or written) on the processes ``check`` picks by default.
Per file (in-process, after warm-up, two passes over all files): median, p99 and max of the
shape pass and of the default check, for the first pass and, in CPU time, for each file's
lesser time of the two (the VM's speed drifts; a calibration loop's time is printed between
the parts, to read absolute times against).  Peak memory (max RSS) of each whole run.  Ratios are against pylint and
pyflakes.  Every figure is given in wall-clock and in CPU time (user + system): on a machine
shared with other work the wall clock measures the load as much as the tool, CPU time does not.
"""

from __future__ import annotations

import argparse
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


def per_file(files: list[Path], generic: bool, passes: int = 2) -> list[tuple[list[float], list[float]]]:
    """Wall-clock and CPU seconds of each file (in ``files`` order), for each of ``passes``
    passes over all of them; every pass starts with no parse kept from the one before."""
    from shapetracer.constraints import family_modules
    from shapetracer.engine import Options, check_file, tune_collector
    from shapetracer.frontend import source
    options = Options(generic=generic, keep_shapes=False)  # as `shapetracer check` runs without fixes
    tune_collector()  # as `shapetracer check` does
    family_modules()  # every library's families loaded before timing: the figures are the analysis
    check_file(files[0], options)
    runs = []
    for _ in range(passes):
        source._PARSED.clear()  # imported modules are parsed again, as in a fresh process
        walls, cpus = [], []
        for file in files:
            started, cpu = time.perf_counter(), time.process_time()
            check_file(file, options)
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - cpu)
        runs.append((walls, cpus))
    return runs


def machine_speed() -> float:
    """CPU milliseconds of a fixed pure-Python loop.  A shared VM's speed drifts with its
    neighbours' load (by half, over minutes, here): ratios from one run compare tools, and
    absolute per-file times are read against this."""
    started, total = time.process_time(), 0
    for i in range(2_000_000):
        total += i
    return (time.process_time() - started) * 1000


def _quantiles(times: list[float]) -> str:
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="folders or files (default: corpus/)")
    paths = parser.parse_args(argv).paths or [ROOT / "corpus"]
    files = files_under(paths)
    lines = sum(len(f.read_bytes().splitlines()) for f in files)
    print(f"files: {len(files)}  lines: {lines}  cores: {os.cpu_count()}")
    exe = [sys.executable, "-m"]
    runs = {
        "shape pass": exe + ["shapetracer.cli", "check", "--no-cache", "--no-generic", "--exit-zero"],
        "default check": exe + ["shapetracer.cli", "check", "--no-cache", "--exit-zero"],
        "pyflakes": exe + ["pyflakes"],
        "pylint -E": exe + ["pylint", "--disable=all", "--enable=E", "--score=n", "--persistent=n", "-j", "1"],
    }
    ruff = shutil.which("ruff")
    if ruff:
        runs["ruff -F"] = [ruff, "check", "--select", "F", "--no-cache", "--exit-zero", "--quiet"]
    byte_compile()
    print(f"machine: the calibration loop took {machine_speed():.0f} ms")
    results = {name: whole_run(command, files) for name, command in runs.items()}
    pylint, pyflakes = results["pylint -E"], results["pyflakes"]
    print(f"{'run':15} {'seconds':>8} {'/pylint':>8} {'/pyflakes':>9} {'cpu s':>8} {'/pylint':>8} "
          f"{'/pyflakes':>9} {'peak MiB':>9}")
    for name, (seconds, cpu, rss) in results.items():
        print(f"{name:15} {seconds:8.2f} {seconds / pylint[0]:8.3f} {seconds / pyflakes[0]:9.2f} "
              f"{cpu:8.2f} {cpu / pylint[1]:8.3f} {cpu / pyflakes[1]:9.2f} {rss:9.0f}")
    for label, generic in (("shape pass", False), ("default check", True)):
        print(f"machine: the calibration loop took {machine_speed():.0f} ms")
        runs = per_file(files, generic)
        walls, cpus = runs[0]
        print(f"per file, {label}, one pass: {_quantiles(sorted(walls))}; CPU: {_quantiles(sorted(cpus))}")
        best = sorted(min(times) for times in zip(*(cpus for _, cpus in runs)))
        print(f"per file, {label}, CPU, least of {len(runs)} passes: {_quantiles(best)}")
    print(f"machine: the calibration loop took {machine_speed():.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
