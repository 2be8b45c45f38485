"""Long fuzzing run of the engine: mutated corpus programs and hypothesmith programs.

    python bench/fuzz.py --examples 5000 [--seed 1] [--hypothesmith 500] [--out DIR]

Every input goes through ``check_source``; the engine must return a result,
within the time bound and the memory limit (--memory-mb), with registered
codes on real lines.  Prints each
crash (with its traceback) and each internal error of an op model (ST903:
not a crash, but a spec bug), saving the inputs under --out.  Exit status 1
when a crash was found.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fuzzgen  # noqa: E402


def _save(out: Path | None, kind: str, index: int, text: str, problem: str) -> str:
    if out is None:
        return ""
    folder = out / kind
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"input_{index}.py"
    path.write_text(text, errors="surrogateescape")
    (folder / f"input_{index}.txt").write_text(problem)
    return f" -> {path}"


def mutation_inputs(count: int, seed: int):
    files = fuzzgen.corpus_files()
    sources = {f: f.read_text() for f in files}
    rng = random.Random(seed)
    for index in range(count):
        source = rng.choice(files)
        yield index, f"mutated {source.relative_to(fuzzgen.ROOT)}", \
            fuzzgen.mutate(rng, sources[source], rounds=rng.randint(1, 6))


def hypothesmith_inputs(count: int, seed: int):
    """Programs drawn from hypothesmith's grammar- and libcst-based strategies."""
    try:
        import hypothesmith
        from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
    except ImportError:
        print("hypothesmith is not installed: skipping its programs", file=sys.stderr)
        return
    drawn: list[str] = []
    for strategy in (hypothesmith.from_grammar(), hypothesmith.from_node()):
        @hypothesis_seed(seed)
        @settings(max_examples=max(1, count // 2), deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def collect(source: str) -> None:
            drawn.append(source)

        collect()
    for index, text in enumerate(drawn):
        yield index, "hypothesmith", text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="mutated corpus programs")
    parser.add_argument("--hypothesmith", type=int, default=200, help="hypothesmith programs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--verbose", action="store_true", help="name each input before checking it")
    parser.add_argument("--memory-mb", type=int, default=6000,
                        help="address-space limit, so a blow-up is a MemoryError here, not the OOM killer")
    args = parser.parse_args(argv)

    if args.memory_mb > 0:
        import resource
        limit = args.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    started = time.monotonic()
    crashes = internal = 0
    counts: collections.Counter = collections.Counter()
    worst: tuple[float, str] = (0.0, "")
    sources = [("mutation", mutation_inputs(args.examples, args.seed)),
               ("hypothesmith", hypothesmith_inputs(args.hypothesmith, args.seed))]
    for family, inputs in sources:
        for index, origin, text in inputs:
            counts[family] += 1
            if args.verbose:
                print(f"{family} {index} ({origin})", file=sys.stderr, flush=True)
            begun = time.perf_counter()
            problem, errors = fuzzgen.run(text)
            took = time.perf_counter() - begun
            worst = max(worst, (took, f"{family} {index} ({origin})"))
            if problem:
                crashes += 1
                where = _save(args.out, f"crash-{family}", index, text, problem)
                print(f"\nCRASH {family} {index} ({origin}){where}\n{problem}")
                continue
            if errors:
                internal += 1
                where = _save(args.out, f"st903-{family}", index, text, "\n".join(errors))
                print(f"\nST903 {family} {index} ({origin}){where}\n  " + "\n  ".join(errors))
    total = sum(counts.values())
    print(f"\ninputs: {total} ({', '.join(f'{k} {v}' for k, v in counts.items())}) in "
          f"{time.monotonic() - started:.1f} s; crashes: {crashes}; inputs with ST903: {internal}; "
          f"slowest: {worst[0]:.2f} s ({worst[1]})")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
