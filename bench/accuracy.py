"""Accuracy of shapetracer on the shape corpus, per TensorFlow version, pattern row and family.

    python bench/accuracy.py [--corpus corpus/shape] [--no-baselines] [--tf 1.15]

Each program is analysed under every TensorFlow version its header lists (``tf:``;
2.21 when absent), with that version as the target, against the markers that apply
under it (``# expect[1.15]: ST118``; tests/oracle/corpus_meta.py reads them).  For
every expected finding it reports whether shapetracer finds it at the labelled line,
and whether the report names every line the program marks `# related` (the other
lines of the conflict).  Under a version where a program expects nothing (fixed
twins, clean programs, and buggy programs that run under that version) every shape
finding (and every API-change finding, ST4xx) is a false alarm.  A comparison column shows what pyflakes and pylint (error
checks) find at the labelled line of the same bugs.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections import defaultdict
from pathlib import Path

from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_file

ROOT = Path(__file__).resolve().parents[1]


def _corpus_meta():
    """tests/oracle/corpus_meta.py: the one reader of the corpus labels."""
    spec = importlib.util.spec_from_file_location("corpus_meta", ROOT / "tests" / "oracle" / "corpus_meta.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus_meta"] = module
    spec.loader.exec_module(module)
    return module


corpus_meta = _corpus_meta()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus" / "shape")
    parser.add_argument("--no-baselines", action="store_true", help="skip the pyflakes/pylint column")
    parser.add_argument("--tf", action="append", choices=corpus_meta.VERSIONS,
                        help="only this TensorFlow version (repeatable); default: every version")
    args = parser.parse_args(argv)
    programs = corpus_meta.load_corpus(args.corpus)
    summaries = []
    for version in args.tf or corpus_meta.VERSIONS:
        runs = [p for p in programs if version in p.versions]
        if runs:
            print(f"=== TensorFlow {version}: {len(runs)} programs\n")
            summaries.append(_report(version, runs, args))
            print()
    print("per version:")
    for line in summaries:
        print("  " + line)
    return 0


def _report(version: str, programs: list, args) -> str:
    """Print one version's tables; return its one-line summary."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # bugs, detected, full core, baselines
    families: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])  # + clean programs, false alarms
    misses, alarms = [], []
    started = time.perf_counter()
    for program in programs:
        path, family = program.path, program.family
        pattern = program.header.get("pattern", "?")
        expects, related = list(program.expects_for(version)), set(program.related)
        possible = any(code == "ST201" for _, code in expects)
        target = target_for(version, source="corpus header", legacy_keras=program.legacy_keras)
        result = check_file(path, Options(generic=False, possible_failures=possible, target=target))
        # shape findings, and API-change findings (ST4xx) where they apply (corpus_meta)
        shape = [f for f in result.findings if f.code.startswith(program.finding_prefixes(version))]
        if not expects:
            families[family][4] += 1
            if shape:
                families[family][5] += 1
                alarms.append((path, [(f.line, f.code) for f in shape]))
            continue
        for line, code in expects:
            hit = [f for f in shape if f.line == line and f.code == code]
            full = bool(hit) and related <= {r.line for f in hit for r in f.related}
            baseline = 0 if args.no_baselines else int(_baseline_hit(path, line))
            for table, key in ((rows, pattern), (families, family)):
                table[key][0] += 1
                table[key][1] += bool(hit)
                table[key][2] += full
                table[key][3] += baseline
            if not hit:
                misses.append((path, line, code))
    elapsed = time.perf_counter() - started
    _print_table("pattern row", rows, sort_key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))
    print()
    _print_families(families)
    bugs = sum(v[0] for v in families.values())
    found = sum(v[1] for v in families.values())
    full = sum(v[2] for v in families.values())
    clean = sum(v[4] for v in families.values())
    print(f"\nexpected findings: {bugs}; detected at the labelled line: {found} ({100 * found / max(bugs, 1):.1f}%); "
          f"report names every related line: {full}")
    print(f"programs expecting nothing: {clean}; with a shape finding (false alarms): {len(alarms)}")
    print(f"time: {elapsed:.1f} s for {len(programs)} programs")
    for path, line, code in misses:
        print(f"  missed: {path.relative_to(args.corpus)}:{line} {code}")
    for path, found_codes in alarms:
        print(f"  FALSE ALARM: {path.relative_to(args.corpus)} {found_codes}")
    return (f"TensorFlow {version}: {len(programs)} programs; detected {found}/{bugs} "
            f"({100 * found / max(bugs, 1):.1f}%); false alarms {len(alarms)}/{clean}")


def _baseline_hit(path: Path, line: int) -> bool:
    """Whether pyflakes or pylint (errors) report anything at the labelled line."""
    from shapetracer.generic import generic_findings
    findings = generic_findings(str(path), path.read_text(), True)
    return any(f.line == line for f in findings)


def _print_table(title: str, table: dict, sort_key) -> None:
    print(f"{title:12} {'bugs':>5} {'detected':>9} {'full core':>10} {'pyflakes/pylint':>16}")
    for key in sorted(table, key=sort_key):
        bugs, hit, full, base = table[key]
        print(f"{key:12} {bugs:5} {hit:9} {full:10} {base:16}")


def _print_families(table: dict) -> None:
    print(f"{'family':12} {'bugs':>5} {'detected':>9} {'full core':>10} {'pyflakes/pylint':>16} "
          f"{'clean':>6} {'false alarms':>13}")
    for key in sorted(table):
        bugs, hit, full, base, clean, alarms = table[key]
        print(f"{key:12} {bugs:5} {hit:9} {full:10} {base:16} {clean:6} {alarms:13}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
