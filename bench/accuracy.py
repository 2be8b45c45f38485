"""Accuracy of shapetracer on the shape corpus, per pattern row and per family.

    python bench/accuracy.py [--corpus corpus/shape] [--no-baselines]

For every buggy program (a `# expect: CODE` marker) it reports whether shapetracer
finds the bug at the labelled line, and whether the report names every line the
program marks `# related` (the other lines of the conflict).  For every program
without markers (fixed twins and clean programs) it counts shape findings: each is
a false alarm.  A comparison column shows what pyflakes and pylint (error checks)
find at the labelled line of the same bugs.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

from shapetracer.engine import Options, check_file

ROOT = Path(__file__).resolve().parents[1]
EXPECT = re.compile(r"#\s*expect:\s*(ST\d{3})")
RELATED = re.compile(r"#\s*related\b")
PATTERN = re.compile(r"^#\s*pattern:\s*(\S+)", re.MULTILINE)


def labels(path: Path) -> tuple[str, list[tuple[int, str]], set[int]]:
    text = path.read_text()
    pattern = PATTERN.search(text)
    expects, related = [], set()
    for number, line in enumerate(text.splitlines(), 1):
        match = EXPECT.search(line)
        if match:
            expects.append((number, match.group(1)))
        if RELATED.search(line):
            related.add(number)
    return (pattern.group(1) if pattern else "?"), expects, related


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus" / "shape")
    parser.add_argument("--no-baselines", action="store_true", help="skip the pyflakes/pylint column")
    args = parser.parse_args(argv)
    programs = sorted(args.corpus.rglob("*.py"))
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # bugs, detected, full core, baselines
    families: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])  # + clean programs, false alarms
    misses, alarms = [], []
    started = time.perf_counter()
    for path in programs:
        family = path.parent.name
        pattern, expects, related = labels(path)
        possible = any(code == "ST201" for _, code in expects)
        result = check_file(path, Options(generic=False, possible_failures=possible))
        shape = [f for f in result.findings if f.code.startswith(("ST1", "ST2"))]
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
    print(f"\nbuggy programs: {bugs}; detected at the labelled line: {found} ({100 * found / max(bugs, 1):.1f}%); "
          f"report names every related line: {full}")
    print(f"clean programs: {clean}; with a shape finding (false alarms): {len(alarms)}")
    print(f"time: {elapsed:.1f} s for {len(programs)} programs")
    for path, line, code in misses:
        print(f"  missed: {path.relative_to(args.corpus)}:{line} {code}")
    for path, found_codes in alarms:
        print(f"  FALSE ALARM: {path.relative_to(args.corpus)} {found_codes}")
    return 0


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
