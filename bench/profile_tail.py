"""Where the slowest files' time goes: a profile of the slowest 5 % of files of the shape pass.

    python bench/profile_tail.py [PATH ...] [--share 0.05] [--top 12]

Each file is timed as ``bench/speed.py`` times it (in-process, CPU, the lesser of two passes,
every pass starting with no parse kept), the slowest ``--share`` of them are analysed once
more under cProfile, again from no kept parse, and the functions taking the most time of
their own are printed, with the share of the profile each takes and the share taken by
Z3, libcst and the garbage collector.  cProfile slows Python code several times more than
the C code it calls (libcst's parser, Z3), so the shares are a ranking, not a split of the
unprofiled time; the files' own times are printed unprofiled.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import speed  # noqa: E402  (bench/speed.py: the same file list and timing)


def _where(filename: str) -> str:
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1]
    if "/shapetracer/" in filename:
        return "shapetracer/" + filename.rsplit("/shapetracer/", 1)[1]
    return Path(filename).name


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="folders or files (default: corpus/)")
    parser.add_argument("--share", type=float, default=0.05, help="the slowest share of files profiled")
    parser.add_argument("--top", type=int, default=12, help="functions printed")
    args = parser.parse_args(argv)
    files = speed.files_under(args.paths or [speed.ROOT / "corpus"])
    runs = speed.per_file(files, generic=False, passes=2)
    best = [min(times) for times in zip(*(cpus for _, cpus in runs))]
    order = sorted(range(len(files)), key=lambda i: -best[i])
    slowest = [files[i] for i in order[:max(1, round(args.share * len(files)))]]
    print(f"files: {len(files)}; profiled: the slowest {len(slowest)}, "
          f"{sum(best[i] for i in order[:len(slowest)]):.2f} s CPU unprofiled")
    for i in order[:5]:
        print(f"  {best[i] * 1000:6.0f} ms  {files[i]}")

    from shapetracer.engine import Options, check_file
    from shapetracer.frontend import source
    options = Options(generic=False, keep_shapes=False)
    source._PARSED.clear()
    profile = cProfile.Profile()
    profile.enable()
    for file in slowest:
        check_file(file, options)
    profile.disable()
    stats = pstats.Stats(profile).stats
    total = sum(tt for (_, _, _), (_, _, tt, _, _) in stats.items())
    by_library = {"z3": 0.0, "libcst": 0.0, "gc": 0.0}
    rows = []
    for (filename, line, name), (_, calls, own, _, _) in stats.items():
        where = _where(filename)
        for library in ("z3", "libcst"):
            if where.startswith(library + "/"):
                by_library[library] += own
        if name == "<built-in method gc.collect>":
            by_library["gc"] += own
        rows.append((own, calls, f"{where}:{line}({name})" if line else name))
    print(f"profile: {total:.2f} s; " + ", ".join(f"{k} {v / total:.1%}" for k, v in by_library.items()))
    print(f"{'own s':>7} {'share':>6} {'calls':>9}  function")
    for own, calls, name in sorted(rows, reverse=True)[:args.top]:
        print(f"{own:7.3f} {own / total:6.1%} {calls:9d}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
