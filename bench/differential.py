"""Differential check: random TF1 graph programs under TensorFlow and under shapetracer.

    python bench/differential.py --programs 2000 --seed 1 [--out DIR] [--jobs N]

Generates programs (bench/diffgen.py), runs each under tensorflow-cpu in a
pool of forking workers and under shapetracer in this process
(bench/diffrun.py), and prints the agreement rate, the count of each kind of
disagreement (tf-only: shapetracer missed the error; st-only: a false alarm;
line: both fail at different lines) and every disagreement.  With --out, each
disagreeing program is saved as DIR/<kind>/p<N>.py, the verdicts appended as
comments after the last line (line numbers stay those of the run).

Agreement: TensorFlow raises a shape error at line L exactly when
shapetracer's first error-severity finding is at L.  Exit status 1 when any
false alarm (st-only) or engine crash is found.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import diffgen  # noqa: E402
import diffrun  # noqa: E402


def _save(outcome: diffrun.Outcome, out: Path) -> Path:
    folder = out / outcome.kind
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"p{outcome.ident}.py"
    trailer = ["", "# --- differential verdicts ---"]
    trailer += [f"# {line}" for line in outcome.describe().splitlines()]
    trailer += [f"# generator: {note}" for note in outcome.notes]
    path.write_text(outcome.text + "\n".join(trailer) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="save disagreeing programs here")
    parser.add_argument("--jobs", type=int, default=None, help="TensorFlow workers (default: cores)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per program under TensorFlow")
    parser.add_argument("--all", action="store_true", help="with --out, save every program")
    parser.add_argument("--fork", action="store_true",
                        help="run each program in a forked child (isolation; slower)")
    args = parser.parse_args(argv)

    started = time.monotonic()
    programs = diffgen.generate_many(args.programs, args.seed)

    def progress(done: int) -> None:
        if done % 200 == 0:
            print(f"  tensorflow: {done}/{len(programs)} ({time.monotonic() - started:.0f} s)", file=sys.stderr)

    outcomes = diffrun.run_programs(programs, args.jobs, args.timeout, progress, args.fork)
    wall = time.monotonic() - started

    kinds = collections.Counter(o.kind for o in outcomes)
    counted = sum(kinds[k] for k in diffrun.AGREEING + diffrun.DISAGREEING)
    print(f"programs: {len(outcomes)} (seed {args.seed}); compared: {counted}; wall time: {wall:.1f} s")
    print(f"agreement: {diffrun.agreement(outcomes):.2%}")
    for kind in ("agree-ok", "agree-error", "tf-only", "st-only", "line", "excluded", "st-crash"):
        print(f"  {kind:12s} {kinds[kind]}")
    st_times = sorted(o.st_seconds for o in outcomes)
    if st_times:
        print(f"shapetracer per program: median {statistics.median(st_times):.3f} s, "
              f"max {st_times[-1]:.3f} s")
    errors = collections.Counter(f.code for o in outcomes if o.kind == "agree-error" for f in o.st_errors[:1])
    print("agreeing errors by code: " + ", ".join(f"{code} {n}" for code, n in errors.most_common()))

    listed = [o for o in outcomes if o.kind not in diffrun.AGREEING]
    for outcome in sorted(listed, key=lambda o: (o.kind, o.ident)):
        where = f" -> {_save(outcome, args.out)}" if args.out else ""
        print(f"\n[{outcome.kind}] program {outcome.ident}{where}")
        print("    " + outcome.describe())
        for note in outcome.notes:
            print(f"    generator: {note}")
        if outcome.kind == "st-crash":
            print(outcome.tf.get("st_crash", ""))
    if args.out and args.all:
        for outcome in outcomes:
            if outcome.kind in diffrun.AGREEING:
                _save(outcome, args.out)
    return 1 if kinds["st-only"] or kinds["st-crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
