"""The project cache and ``--jobs``, timed on whole repositories as a user runs them.

    python bench/cache_and_jobs.py [DIR] [--only A,B] [--json OUT]
    python bench/cache_and_jobs.py [DIR] --whole [--rounds 2]
    python bench/cache_and_jobs.py [DIR] --quick      # runs 1, 3 and 4: the warm ratio alone

DIR is a folder of repositories (default ~/.cache/shapetracer/realworld; each immediate
sub-folder is one).  Each repository is copied to a temporary folder (the cache is written
into the project root, never into DIR) and checked there, each run a fresh process
(``python -m shapetracer.cli check --output-format json -q .``):

1. cold, ``--no-cache --jobs 1``;
2. cold, ``--no-cache --jobs 2``;
3. cold with the cache written (``--jobs 1``);
4. warm: the same again, reading the cache;
5. after an edit of one module that scripts import (a comment appended), ``--jobs 1``.

The table gives each run's wall seconds (the totals also CPU seconds, user + system, of
runs 1 and 4: on a loaded machine the wall clock measures the load), and whether runs 2, 4
and 5 print exactly what run 1 prints (byte for byte; the edit adds a line at the end of a module, so no finding
moves).  The totals give the ratios the issue asks for: jobs-2 speed-up over jobs-1 and
warm over cold.  Run it from the checkout to measure (PYTHONPATH is passed on); on a busy
machine the parallel speed-up cannot show, so say the load (``uptime``) with the figures.

With ``--whole``, DIR is checked as one folder (one process per run, as ``shapetracer check
DIR`` on the whole set): cold ``--jobs 1`` and ``--jobs 2`` in turn for ``--rounds`` rounds
(the medians are compared, pair by pair as the machine drifts), then the cache filled and
read once.  A repository of a handful of scripts cannot use a second core for long (its
largest script and the process start are most of its time); the whole set shows what
``--jobs`` gives on many scripts.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


CHECKOUT = Path(__file__).resolve().parents[1]


_CPU: dict[str, float] = {}  # CPU seconds (user + system, workers included) of the last run of each kind


def run(repo: Path, *flags: str) -> tuple[float, bytes]:
    """(wall seconds, output) of one check; its CPU seconds go to ``_CPU[flags]``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [env.get("PYTHONPATH"), str(CHECKOUT)]))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "shapetracer.cli", "check", "--output-format", "json", "-q",
                           *flags, "."], cwd=repo, capture_output=True, env=env, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    _CPU[" ".join(flags)] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{repo.name}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-2000:]}")
    return wall, done.stdout


def imported_module(repo: Path) -> Path | None:
    """A module that another module of the repository imports by its name."""
    modules = sorted(p for p in repo.rglob("*.py") if ".shapetracer_cache" not in p.parts)
    texts = {p: p.read_text("utf-8", "replace") for p in modules}
    for module in modules:
        if module.name == "__init__.py":
            continue
        name = module.stem
        if any(other != module and (f"import {name}" in text or f"from {name} " in text or f".{name} import" in text)
               for other, text in texts.items()):
            return module
    return None


def measure(source: Path, quick: bool = False) -> dict:
    with tempfile.TemporaryDirectory(prefix="st-cache-") as tmp:
        repo = Path(tmp) / source.name
        shutil.copytree(source, repo, ignore=shutil.ignore_patterns(".shapetracer_cache"))
        cold1, out1 = run(repo, "--no-cache", "--jobs", "1")
        cold1_cpu = _CPU["--no-cache --jobs 1"]
        cold2, out2 = run(repo, "--no-cache", "--jobs", "2") if not quick else (0.0, out1)
        filled, _ = run(repo, "--jobs", "1")
        warm, out4 = run(repo, "--jobs", "1")
        warm_cpu = _CPU["--jobs 1"]
        edited = imported_module(repo) if not quick else None
        after_edit, out5 = (None, None)
        if edited is not None:
            with edited.open("a", encoding="utf-8") as handle:
                handle.write("\n# edited by bench/cache_and_jobs.py\n")
            after_edit, out5 = run(repo, "--jobs", "1")
        return {"repo": source.name, "cold_jobs1": cold1, "cold_jobs2": cold2, "cold_cache_written": filled,
                "warm": warm, "cold_jobs1_cpu": cold1_cpu, "warm_cpu": warm_cpu, "after_edit": after_edit, "edited": edited.relative_to(repo).as_posix() if edited else None,
                "jobs2_same": out2 == out1, "warm_same": out4 == out1, "edit_same": None if out5 is None else out5 == out1}


def measure_whole(source: Path, rounds: int) -> int:
    """The set as one folder: jobs 1 against jobs 2, then the cache."""
    with tempfile.TemporaryDirectory(prefix="st-cache-") as tmp:
        tree = Path(tmp) / source.name
        shutil.copytree(source, tree, ignore=shutil.ignore_patterns(".shapetracer_cache"))
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        pairs = []
        same = True
        for round_ in range(rounds):
            one, out1 = run(tree, "--no-cache", "--jobs", "1")
            two, out2 = run(tree, "--no-cache", "--jobs", "2")
            same = same and out1 == out2
            pairs.append((one, two))
            print(f"round {round_ + 1}: jobs 1 {one:.1f} s, jobs 2 {two:.1f} s, speed-up {one / two:.2f}x, "
                  f"identical output: {out1 == out2}", flush=True)
        filled, out3 = run(tree, "--jobs", "2")
        warm, out4 = run(tree, "--jobs", "2")
        ratios = sorted(one / two for one, two in pairs)
        median = ratios[len(ratios) // 2] if len(ratios) % 2 else sum(ratios[len(ratios) // 2 - 1:][:2]) / 2
        print(f"whole set: jobs-2 speed-up median {median:.2f}x over {rounds} pairs; identical output {same}; "
              f"cache filled {filled:.1f} s, warm {warm:.1f} s ({warm / min(p[0] for p in pairs):.3f} x cold jobs 1), "
              f"warm output identical {out4 == out1}")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", type=Path, default=Path.home() / ".cache/shapetracer/realworld")
    parser.add_argument("--only", help="comma-separated repository names")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--whole", action="store_true", help="check DIR as one folder (see above)")
    parser.add_argument("--rounds", type=int, default=2, help="with --whole: pairs of jobs 1 / jobs 2 runs")
    parser.add_argument("--quick", action="store_true",
                        help="runs 1, 3 and 4 only (cold, cache written, warm): the warm ratio alone")
    args = parser.parse_args(argv)
    if args.whole:
        return measure_whole(args.dir.expanduser(), args.rounds)
    repos = sorted(p for p in args.dir.expanduser().iterdir() if p.is_dir())
    if args.only:
        wanted = set(args.only.split(","))
        repos = [r for r in repos if r.name in wanted]
    rows = []
    print(f"{'repository':58s} {'j1':>6s} {'j2':>6s} {'fill':>6s} {'warm':>6s} {'edit':>6s}  same(j2,warm,edit)")
    for repo in repos:
        row = measure(repo, args.quick)
        rows.append(row)
        edit = f"{row['after_edit']:6.1f}" if row["after_edit"] is not None else "     -"
        print(f"{row['repo'][:58]:58s} {row['cold_jobs1']:6.1f} {row['cold_jobs2']:6.1f} {row['cold_cache_written']:6.1f} "
              f"{row['warm']:6.1f} {edit}  {row['jobs2_same']},{row['warm_same']},{row['edit_same']}", flush=True)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    total = {key: sum(r[key] for r in rows if r[key] is not None)
             for key in ("cold_jobs1", "cold_jobs2", "cold_cache_written", "warm", "cold_jobs1_cpu", "warm_cpu")}
    edits = [r for r in rows if r["after_edit"] is not None]
    print(f"total: jobs 1 {total['cold_jobs1']:.1f} s, jobs 2 {total['cold_jobs2']:.1f} s "
          f"(speed-up {total['cold_jobs1'] / max(total['cold_jobs2'], 1e-9):.2f}x), "
          f"warm {total['warm']:.1f} s ({total['warm'] / max(total['cold_jobs1'], 1e-9):.3f} x cold), "
          f"after one edit {sum(r['after_edit'] for r in edits):.1f} s over {len(edits)} repositories "
          f"({sum(r['after_edit'] for r in edits) / max(sum(r['cold_jobs1'] for r in edits), 1e-9):.3f} x their cold)")
    print(f"CPU (user + system): cold jobs 1 {total['cold_jobs1_cpu']:.1f} s, warm {total['warm_cpu']:.1f} s "
          f"({total['warm_cpu'] / max(total['cold_jobs1_cpu'], 1e-9):.3f} x cold); "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"identical output: jobs 2 {sum(r['jobs2_same'] for r in rows)}/{len(rows)}, "
          f"warm {sum(r['warm_same'] for r in rows)}/{len(rows)}, after edit {sum(bool(r['edit_same']) for r in edits)}/{len(edits)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
