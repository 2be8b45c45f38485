"""Time pyflakes and pylint, in-process, over generated training scripts.

    python -m tests.generic.bench_generic [COUNT]

Prints the wall time of pyflakes over every file, of the first pylint batch (which
includes building the linter and parsing the standard-library modules the scripts use)
and of a second, warm batch over the same files.
"""

from __future__ import annotations

import sys
import time

from shapetracer.generic.pyflakes_pass import run_pyflakes
from shapetracer.generic.pylint_pass import run_pylint
from tests.generic.generated import generate


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    sources, _ = generate(count)
    lines = sum(text.count("\n") for text in sources.values())
    started = time.perf_counter()
    for path, text in sources.items():
        run_pyflakes(path, text)
    pyflakes_time = time.perf_counter() - started
    started = time.perf_counter()
    run_pylint(sources)
    cold = time.perf_counter() - started
    started = time.perf_counter()
    run_pylint(sources)
    warm = time.perf_counter() - started
    print(f"{count} files, {lines} lines")
    print(f"pyflakes:           {pyflakes_time:.3f}s ({1000 * pyflakes_time / count:.1f} ms/file)")
    print(f"pylint, first run:  {cold:.3f}s ({1000 * cold / count:.1f} ms/file, incl. linter build)")
    print(f"pylint, warm run:   {warm:.3f}s ({1000 * warm / count:.1f} ms/file)")


if __name__ == "__main__":
    main()
