"""The analyzer against the corpus's own labels: `# expect: CODE` marks every finding.

- A program without markers (a fixed twin or a clean program) must give no shape finding:
  no false alarm is ever tolerated.
- A buggy program must be reported at its marked line with its marked code, and draw no
  other error (an extra warning is tolerated there).  Misses we
  know of are listed, each with its reason, in corpus/known_misses.txt; listing a program
  that is in fact detected fails too, so the list stays honest.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shapetracer.engine import Options, check_file

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "shape"
MARKER = re.compile(r"#\s*expect:\s*(ST\d{3})")
PROGRAMS = sorted(CORPUS.rglob("*.py"))


def _known_misses() -> dict[str, str]:
    path = ROOT / "corpus" / "known_misses.txt"
    misses = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                name, _, reason = line.partition(" ")
                misses[name] = reason.strip()
    return misses


KNOWN_MISSES = _known_misses()


def expected(path: Path) -> set[tuple[int, str]]:
    marks = set()
    for number, line in enumerate(path.read_text().splitlines(), 1):
        match = MARKER.search(line)
        if match:
            marks.add((number, match.group(1)))
    return marks


def shape_findings(path: Path, possible: bool = False) -> set[tuple[int, str]]:
    result = check_file(path, Options(generic=False, possible_failures=possible))
    return {(f.line, f.code) for f in result.findings if f.code.startswith(("ST1", "ST2"))}


@pytest.mark.parametrize("path", PROGRAMS, ids=[str(p.relative_to(CORPUS)) for p in PROGRAMS])
def test_program_matches_its_labels(path: Path):
    want = expected(path)
    # ST201 ("fails for some values") is opt-in; programs labelled with it are checked with it on.
    got = shape_findings(path, possible=any(code == "ST201" for _, code in want))
    name = str(path.relative_to(CORPUS))
    if not want:
        assert got == set(), f"false alarm on a program labelled clean: {sorted(got)}"
        return
    # A buggy program may draw an extra *warning* (e.g. the reshape that mixes the batch axis
    # before the matmul that fails); an unlabelled error is a false alarm.
    if name in KNOWN_MISSES:  # its reason says where (if anywhere) the bug is reported instead
        assert not want <= got, f"{name} is listed as a known miss but is detected; drop it from the list"
        pytest.xfail(KNOWN_MISSES[name])
    unexpected = {g for g in got if g not in want and g[1].startswith("ST1")}
    assert not unexpected, f"error not labelled in the program: {sorted(unexpected)}"
    assert want <= got, f"missed: {sorted(want - got)}"


def test_known_misses_name_existing_programs():
    for name in KNOWN_MISSES:
        assert (CORPUS / name).exists(), name
