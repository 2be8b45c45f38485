"""Detection per class on the programs people posted (corpus/shape/posted, issue 30).

    python bench/posted.py [--corpus corpus/shape] [--list]

Each posted program names its class in its header (``# class: A1``: data from files, A2
Keras 3 ops, A3 preprocessing layers and tf.data, A4 dtypes from Python numbers, ...) and
the report it reproduces (``# source:``).  Every program is analysed under each TensorFlow
version its header lists, as the expectations test does.  A bug counts as detected when
every version finds its labelled code at its labelled line; a fixed twin counts as a false
alarm when any version gives it a shape, dtype or API-change finding.  A bug counts as
drawing a false error when, under a version where TensorFlow runs it, it gets any finding, or,
under one where it raises, an error its labels do not name (the TF 1.15-era Keras class).  The
programs in corpus/quiet_under_possible.txt are also analysed with ``--possible``: any finding
there is noise (two placeholders fed different batch sizes in different runs).  ``--list``
prints one line per program, the worklist of what is missed.
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


def findings(program, version: str, possible: bool = False) -> set[tuple[int, str]]:
    target = target_for(version, source="corpus header", legacy_keras=program.legacy_keras)
    result = check_file(program.path, Options(generic=False, possible_failures=possible, target=target))
    prefixes = program.finding_prefixes(version)
    return {(f.line, f.code) for f in result.findings if f.code.startswith(prefixes)}


def quiet_under_possible() -> set[str]:
    path = ROOT / "corpus" / "quiet_under_possible.txt"
    if not path.exists():
        return set()
    return {line.split(" ", 1)[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")}


def judge(program) -> str:
    """'detected', 'missed' (bugs), 'clean' or 'false alarm' (twins); a bug that draws a
    finding TensorFlow contradicts under some version is 'missed, false error' or
    'detected, false error'."""
    outcomes, false_error = [], False
    for version in program.versions:
        got = findings(program, version)
        want = set(program.expects_for(version))
        if program.kind == "ok":
            outcomes.append("clean" if not got else "false alarm")
        elif not want:  # a version under which this buggy program runs
            false_error = false_error or bool(got)
        else:
            outcomes.append("detected" if want <= got else "missed")
            false_error = false_error or any(g not in want and g[1].startswith(("ST1", "ST4")) for g in got)
    verdict = next((bad for bad in ("false alarm", "missed") if bad in outcomes), outcomes[0])
    return verdict + (", false error" if false_error else "")


def noisy_under_possible(program) -> bool:
    return any(findings(program, version, possible=True) for version in program.versions)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus" / "shape")
    parser.add_argument("--list", action="store_true", help="one line per program")
    args = parser.parse_args(argv)
    programs = [p for p in corpus_meta.load_corpus(args.corpus) if p.family == FAMILY]
    quiet = quiet_under_possible()
    # bugs, detected, bugs with a false error, twins, false alarms, --possible programs, noisy ones
    table: dict[str, list[int]] = defaultdict(lambda: [0] * 7)
    for program in programs:
        verdict = judge(program)
        row = table[program.header.get("class", "?")]
        if program.kind == "bug":
            row[0] += 1
            row[1] += verdict.startswith("detected")
            row[2] += verdict.endswith("false error")
        elif program.kind == "ok":
            row[3] += 1
            row[4] += verdict == "false alarm"
        if program.rel in quiet:
            row[5] += 1
            if noisy_under_possible(program):
                row[6] += 1
                verdict += ", noisy --possible"
        if args.list:
            print(f"{program.header.get('class', '?'):3} {verdict:28} {program.rel}  {program.header.get('source', '')}")
    header = ("class", "bugs", "detected", "false errors", "twins", "false alarms", "--possible", "noisy")
    print(f"{header[0]:6} " + " ".join(f"{name:>{len(name)}}" for name in header[1:]))
    totals = [0] * 7
    for name in sorted(table) + ["all"]:
        row = totals if name == "all" else table[name]
        if name != "all":
            totals = [a + b for a, b in zip(totals, row)]
        print(f"{name:6} " + " ".join(f"{value:>{len(column)}}" for value, column in zip(row, header[1:])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
