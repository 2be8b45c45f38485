"""Per-program analysis time of the shape pass over the corpus (in-process, after warm-up).

    python bench/analysis_time.py [PATH ...]     # default: corpus/shape

Prints the median, p99 and maximum seconds per program, and the slowest five.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from shapetracer.constraints import family_modules
from shapetracer.engine import Options, check_file, iter_python_files, tune_collector


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="folders or files (default: corpus/shape)")
    roots = parser.parse_args(argv).paths or [Path(__file__).resolve().parents[1] / "corpus" / "shape"]
    files = list(iter_python_files(roots))
    if not files:
        print("no files", file=sys.stderr)
        return 2
    options = Options(generic=False)
    tune_collector()  # as `shapetracer check` does
    family_modules()  # every library's families loaded before timing
    check_file(files[0], options)  # warm-up: imports, Z3 start-up
    timings = []
    for file in files:
        started = time.perf_counter()
        check_file(file, options)
        timings.append((time.perf_counter() - started, file))
    seconds = sorted(t for t, _ in timings)
    p99 = seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))]
    print(f"programs: {len(files)}")
    print(f"median: {statistics.median(seconds):.4f} s  p99: {p99:.4f} s  max: {seconds[-1]:.4f} s  "
          f"total: {sum(seconds):.2f} s")
    for duration, file in sorted(timings, reverse=True)[:5]:
        print(f"  {duration:.4f} s  {file}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
