"""Detection per class on the programs people posted (corpus/shape/posted, issue 30).

    python bench/posted.py [--corpus corpus/shape] [--list]

Each posted program names its class in its header (``# class: A1``: data from files, A2
Keras 3 ops, A3 preprocessing layers and tf.data, A4 dtypes from Python numbers, ...) and
the report it reproduces (``# source:``).  Every program is analysed under each TensorFlow
version its header lists, as the expectations test does.  A bug counts as detected when
every version finds its labelled code at its labelled line; a fixed twin counts as a false
alarm when any version gives it a shape, dtype or API-change finding.  ``--list`` prints
one line per program, the worklist of what is missed.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import defaultdict
from pathlib import Path

from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_file

ROOT = Path(__file__).resolve().parents[1]
FAMILY = "posted"


def _corpus_meta():
    """tests/oracle/corpus_meta.py: the one reader of the corpus labels."""
    spec = importlib.util.spec_from_file_location("corpus_meta", ROOT / "tests" / "oracle" / "corpus_meta.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus_meta"] = module
    spec.loader.exec_module(module)
    return module


corpus_meta = _corpus_meta()


def findings(program, version: str) -> set[tuple[int, str]]:
    target = target_for(version, source="corpus header", legacy_keras=program.legacy_keras)
    result = check_file(program.path, Options(generic=False, target=target))
    prefixes = program.finding_prefixes(version)
    return {(f.line, f.code) for f in result.findings if f.code.startswith(prefixes)}


def judge(program) -> str:
    """'detected', 'missed' (bugs), 'clean' or 'false alarm' (twins)."""
    outcomes = []
    for version in program.versions:
        got = findings(program, version)
        want = set(program.expects_for(version))
        if program.kind == "ok":
            outcomes.append("clean" if not got else "false alarm")
        else:
            outcomes.append("detected" if want <= got else "missed")
    for bad in ("false alarm", "missed"):
        if bad in outcomes:
            return bad
    return outcomes[0]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus" / "shape")
    parser.add_argument("--list", action="store_true", help="one line per program")
    args = parser.parse_args(argv)
    programs = [p for p in corpus_meta.load_corpus(args.corpus) if p.family == FAMILY]
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # bugs, detected, twins, false alarms
    for program in programs:
        verdict = judge(program)
        row = table[program.header.get("class", "?")]
        if program.kind == "bug":
            row[0] += 1
            row[1] += verdict == "detected"
        elif program.kind == "ok":
            row[2] += 1
            row[3] += verdict == "false alarm"
        if args.list:
            print(f"{program.header.get('class', '?'):3} {verdict:12} {program.rel}  {program.header.get('source', '')}")
    print(f"{'class':6} {'bugs':>5} {'detected':>9} {'twins':>6} {'false alarms':>13}")
    totals = [0, 0, 0, 0]
    for name in sorted(table):
        row = table[name]
        totals = [a + b for a, b in zip(totals, row)]
        print(f"{name:6} {row[0]:5} {row[1]:9} {row[2]:6} {row[3]:13}")
    print(f"{'all':6} {totals[0]:5} {totals[1]:9} {totals[2]:6} {totals[3]:13}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
