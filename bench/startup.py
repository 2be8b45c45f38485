"""Start-up: what ``shapetracer check`` on a tiny file costs next to importing its dependencies.

    python bench/startup.py [--pairs N] [--case two|tf|all]

Pre-commit hooks and editors run ``check`` on one or two files at a time, so what a process
pays before the analysis is most of their wait.  The yardstick is a process that only
imports what shapetracer cannot do without:

    python -c "import click, libcst, z3, pyflakes"

Each case runs ``python -m shapetracer.cli check --no-cache FILE`` and the yardstick
alternately (A B A B ..., so a change in the machine's load falls on both), and reports the
median of the per-pair ratios of CPU time (user + system of the child, from ``os.wait4``):
on a machine shared with other work the wall clock measures the load as much as the
process, CPU time does not.  The load average is printed with the result.

The cases: ``two`` is ``import os`` and a print (nothing of TensorFlow); ``tf`` imports
TensorFlow and runs one op.  Run it from a source checkout with ``PYTHONPATH`` set to it;
whether shapetracer's modules are byte-compiled (``__pycache__`` beside them) changes the
figure a lot, so it is printed too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    "two": "import os\nprint(os.sep)\n",
    "tf": "import tensorflow as tf\n\nx = tf.zeros([2, 3])\ny = tf.reshape(x, [3, 2])\n",
}
YARDSTICK = [sys.executable, "-c", "import click, libcst, z3, pyflakes"]


def cpu_seconds(command: list[str], cwd: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process run to its end."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - started


def paired(case: str, pairs: int, folder: Path) -> dict:
    """The case and the yardstick run alternately, ``pairs`` times each, after one warm-up of
    each (the page cache)."""
    file = folder / f"{case}.py"
    file.write_text(CASES[case], encoding="utf-8")
    check = [sys.executable, "-m", "shapetracer.cli", "check", "--no-cache", "--quiet", str(file)]
    cpu_seconds(check, folder)
    cpu_seconds(YARDSTICK, folder)
    ours, theirs, ratios = [], [], []
    for _ in range(pairs):
        a, _ = cpu_seconds(check, folder)
        b, _ = cpu_seconds(YARDSTICK, folder)
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
    return {"case": case, "check": statistics.median(ours), "yardstick": statistics.median(theirs),
            "ratio": statistics.median(ratios), "ratios": ratios}


def byte_compiled() -> str:
    """Whether the shapetracer the checks import (PYTHONPATH decides) has bytecode beside it."""
    found = subprocess.run([sys.executable, "-c", "import shapetracer; print(shapetracer.__file__)"],
                           capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout.strip()
    package = Path(found).parent
    cached = list(package.rglob("__pycache__"))
    if cached:
        return f"{package}: byte-compiled ({len(cached)} __pycache__ folders)"
    written = "off" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "on"
    return f"{package}: not byte-compiled (writing bytecode: {written})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--case", choices=[*CASES, "all"], default="all")
    args = parser.parse_args()
    cases = list(CASES) if args.case == "all" else [args.case]
    print(f"shapetracer from {byte_compiled()}")
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="st-startup-") as folder:
        for case in cases:
            row = paired(case, args.pairs, Path(folder))
            spread = ", ".join(f"{r:.2f}" for r in sorted(row["ratios"]))
            print(f"{case:4} check {row['check']:.3f}s CPU, yardstick {row['yardstick']:.3f}s CPU: "
                  f"median ratio {row['ratio']:.2f} x over {args.pairs} pairs ({spread})")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
