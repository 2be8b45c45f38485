"""shapetracer over published TensorFlow/Keras programs: speed, coverage, findings.

    python bench/realworld/bring.py            # first: the programs, outside the repo
    python bench/realworld.py [DIR] [--budget S] [--json OUT]

DIR defaults to ~/.cache/shapetracer/realworld.  Every *.py under it is checked in-process
with the options ``shapetracer check`` builds (config.load_settings, defaults: shape pass +
pyflakes), the analyzer's per-file wall-clock bound set to --budget, plus a hard alarm so
that no file can stall the run.  Only public names of shapetracer are used (engine.check_file,
engine.iter_python_files, config.load_settings, the Finding and Statistics fields), so a
refactor of the internals does not break the benchmark.

Reported: files, lines, time (total, per-file p50/p99/max), the share of library calls
modelled (the statistics ``check --statistics`` prints; the engine counts modelled calls
only in total, so the per-root split is of the calls not modelled), the most frequent
calls not modelled, findings by code, and every error-severity finding.  A file that makes
the checker raise or overrun the hard alarm is recorded, never fatal.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import statistics
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

DEFAULT_DIR = Path.home() / ".cache" / "shapetracer" / "realworld"
# Roots of call names in the engine's statistics (Tensor./ndarray./Variable. are methods).
ROOTS = {"tf": "tf", "keras": "keras", "np": "np", "Tensor": "tf", "Variable": "tf", "ndarray": "np",
         "sklearn": "sklearn", "pd": "pd"}


class HardTimeout(Exception):
    """The file ran past the hard alarm (the analyzer's own bound did not stop it)."""


def options_for(root: Path, budget: float, tf_version: str | None = None):
    """The options `shapetracer check ROOT` would use, with the per-file bound set to budget."""
    from shapetracer.config import load_settings
    options = load_settings([root], tf_version=tf_version).options
    return dataclasses.replace(options, bounds=dataclasses.replace(options.bounds, seconds=budget))


def _alarm(signum, frame):
    raise HardTimeout()


def check_one(file: Path, options, hard_seconds: float) -> tuple[object | None, float, str | None]:
    """(result or None, seconds, problem) — a crash or a hard timeout becomes the problem."""
    from shapetracer.engine import check_file
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, hard_seconds)
    started = time.perf_counter()
    try:
        return check_file(file, options), time.perf_counter() - started, None
    except HardTimeout:
        return None, time.perf_counter() - started, f"hard timeout after {hard_seconds:.0f}s"
    except Exception as exc:  # noqa: BLE001 - a crash is a measurement, not the end of the run
        last = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(last.filename).name}:{last.lineno}"
        return None, time.perf_counter() - started, f"crash: {type(exc).__name__}: {exc} ({where})"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def root_of(name: str) -> str:
    return ROOTS.get(name.split(".", 1)[0], "other")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def count_lines(file: Path) -> int:
    try:
        return len(file.read_bytes().splitlines())
    except OSError:
        return 0


class Tally:
    """Everything measured over the run, in JSON-ready form."""

    def __init__(self) -> None:
        self.files = self.lines = self.modelled = self.not_modelled = 0
        self.times: dict[str, float] = {}
        self.missing: Counter = Counter()
        self.statuses: Counter = Counter()
        self.problems: list[dict] = []
        self.findings: dict[tuple, object] = {}  # unique by place, code and message

    def add(self, rel: str, lines: int, result, seconds: float, problem: str | None) -> None:
        self.files += 1
        self.lines += lines
        self.times[rel] = seconds
        if problem:
            self.statuses["failed"] += 1
            self.problems.append({"path": rel, "problem": problem, "seconds": round(seconds, 3)})
            return
        self.statuses[result.status] += 1
        self.modelled += result.stats.modelled
        self.not_modelled += result.stats.not_modelled
        self.missing.update(result.stats.not_modelled_names)
        for finding in result.findings:
            key = (finding.path, finding.line, finding.column, finding.code, finding.message)
            self.findings.setdefault(key, finding)

    def summary(self, budget: float) -> dict:
        times = list(self.times.values())
        total_calls = self.modelled + self.not_modelled
        by_root: Counter = Counter()
        for name, count in self.missing.items():
            by_root[root_of(name)] += count
        findings = sorted(self.findings.values(), key=lambda f: (f.path, f.line, f.column, f.code))
        return {
            "files": self.files, "lines": self.lines, "statuses": dict(self.statuses),
            "budget_seconds": budget,
            "seconds": {"total": round(sum(times), 3), "p50": round(percentile(times, 0.5), 4),
                        "p99": round(percentile(times, 0.99), 4), "max": round(max(times, default=0), 4),
                        "median": round(statistics.median(times), 4) if times else 0.0},
            "slowest": [{"path": p, "seconds": round(s, 3)}
                        for p, s in sorted(self.times.items(), key=lambda kv: -kv[1])[:10]],
            "over_budget": sorted(p for p, s in self.times.items() if s > budget),
            "calls": {"modelled": self.modelled, "not_modelled": self.not_modelled,
                      "share_modelled": round(self.modelled / total_calls, 4) if total_calls else None,
                      "not_modelled_by_root": dict(by_root.most_common())},
            "top_not_modelled": [{"name": n, "count": c} for n, c in self.missing.most_common(30)],
            "findings_by_code": dict(sorted(Counter(f.code for f in findings).items())),
            "findings": [finding_json(f) for f in findings],
            "errors": [finding_json(f) for f in findings if f.severity == "error"],
            "problems": self.problems,
        }


def finding_json(finding) -> dict:
    return {"path": finding.path, "line": finding.line, "column": finding.column, "code": finding.code,
            "severity": finding.severity, "message": finding.message}


def in_era(root: Path, era: str | None) -> set[str] | None:
    """The files of the repositories whose era (MANIFEST.json's tf_era) is ``era``."""
    if era is None:
        return None
    manifest = json.loads((root / "MANIFEST.json").read_text(encoding="utf-8"))
    entries = manifest["repos"] if isinstance(manifest, dict) else manifest
    return {f"{e['repo'].replace('/', '__')}/{path}" for e in entries if e.get("tf_era") == era
            for path in e["paths"]}


def run(root: Path, budget: float, hard: float, progress: bool, tf_version: str | None = None,
        era: str | None = None) -> dict:
    """Check every file with DIR as the working directory, so paths read owner__name/path."""
    from shapetracer.engine import iter_python_files, tune_collector
    tune_collector()  # as `shapetracer check` does
    options = options_for(root, budget, tf_version)
    chosen = in_era(root, era)
    tally = Tally()
    cwd = os.getcwd()
    os.chdir(root)
    try:
        files = sorted(f for f in iter_python_files([Path(".")]) if chosen is None or f.as_posix() in chosen)
        for index, file in enumerate(files, 1):
            result, seconds, problem = check_one(file, options, hard)
            tally.add(str(file), count_lines(file), result, seconds, problem)
            if progress and index % 50 == 0:
                print(f"  {index}/{len(files)} files", file=sys.stderr)
    finally:
        os.chdir(cwd)
    return tally.summary(budget)


def render(s: dict) -> str:
    t, c = s["seconds"], s["calls"]
    share = f"{100 * c['share_modelled']:.1f}%" if c["share_modelled"] is not None else "n/a"
    out = [f"files: {s['files']}  lines: {s['lines']}  statuses: {s['statuses']}",
           f"time: total {t['total']:.1f}s  per file p50 {1000 * t['p50']:.0f} ms  p99 {1000 * t['p99']:.0f} ms  "
           f"max {1000 * t['max']:.0f} ms  (budget {s['budget_seconds']}s, over it: {len(s['over_budget'])})",
           "slowest: " + ", ".join(f"{x['path']} {x['seconds']:.1f}s" for x in s["slowest"][:5]),
           f"library calls modelled: {c['modelled']} of {c['modelled'] + c['not_modelled']} ({share})",
           "  (the engine counts tf./keras./np. calls and Tensor/ndarray/Variable methods; modelled calls "
           "only in total, sklearn/pandas not at all)",
           "  not modelled by root: " + ", ".join(f"{k} {v}" for k, v in c["not_modelled_by_root"].items()),
           "top 30 not modelled:"]
    out += [f"  {x['count']:6}  {x['name']}" for x in s["top_not_modelled"]]
    out.append("findings by code (unique by place): " + ", ".join(f"{k} {v}" for k, v in s["findings_by_code"].items()))
    out.append(f"files that crashed or timed out: {len(s['problems'])}")
    out += [f"  {p['path']}: {p['problem']}" for p in s["problems"]]
    out.append(f"error-severity findings: {len(s['errors'])}")
    out += [f"  {e['path']}:{e['line']}: {e['code']} {e['message']}" for e in s["errors"]]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--budget", type=float, default=10.0, help="analysis seconds per file (default 10)")
    parser.add_argument("--json", type=Path, help="write the whole measurement here")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--tf-version", help="check every file against this TensorFlow (1.15, 2.15, 2.21)")
    parser.add_argument("--era", choices=("1.x", "2.x", "mixed"),
                        help="only the repositories of this era (the manifest's tf_era)")
    args = parser.parse_args(argv)
    root = args.dir.expanduser().resolve()
    if not root.is_dir():
        parser.error(f"{root} is not a directory (run bench/realworld/bring.py first)")
    summary = run(root, args.budget, hard=3 * args.budget + 10, progress=not args.quiet,
                  tf_version=args.tf_version, era=args.era)
    summary["dir"] = str(root)
    sys.stdout.write(render(summary))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
