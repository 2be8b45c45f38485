"""The analyzer against the corpus's own labels: `# expect: CODE` marks every finding.

Each program is analysed once per TensorFlow version its header lists (``tf:``; 2.21
when absent), with that version as the target, against the markers that apply under it
(``# expect[1.15]: ST118`` under 1.15 only; see tests/oracle/corpus_meta.py).

- A program without markers (a fixed twin or a clean program) must give no shape finding
  and no API-change finding (ST4xx) under its versions: no false alarm is ever tolerated.
- A buggy program must be reported at its marked line with its marked code, and draw no
  other error (an extra warning is tolerated there).  Misses we
  know of are listed, each with its reason, in corpus/known_misses.txt; listing a program
  that is in fact detected fails too, so the list stays honest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import load_corpus_meta
from shapetracer.domain.target import Target, target_for
from shapetracer.engine import Options, check_file

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "shape"




corpus_meta = load_corpus_meta()
PROGRAMS = corpus_meta.load_corpus()
RUNS = [(program, version) for program in PROGRAMS for version in program.versions]


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


def target_of(program, version: str) -> Target:
    """The target a corpus program runs under in the oracle: ``version``, with the legacy
    tf_keras when its header says the oracle sets TF_USE_LEGACY_KERAS=1."""
    return target_for(version, source="corpus header", legacy_keras=program.legacy_keras)


def shape_findings(path: Path, target: Target, possible: bool = False,
                   prefixes: tuple[str, ...] = ("ST1", "ST2")) -> set[tuple[int, str]]:
    result = check_file(path, Options(generic=False, possible_failures=possible, target=target))
    return {(f.line, f.code) for f in result.findings if f.code.startswith(prefixes)}


@pytest.mark.parametrize("program,version", RUNS, ids=[f"{p.rel}-tf{v}" for p, v in RUNS])
def test_program_matches_its_labels(program, version: str):
    want = set(program.expects_for(version))
    # ST201 ("fails for some values") is opt-in; programs labelled with it are checked with it on.
    # API-change findings (ST4xx) count too: a program clean under its version gets none.
    got = shape_findings(program.path, target_of(program, version),
                         possible=any(code == "ST201" for _, code in want),
                         prefixes=program.finding_prefixes(version))
    name = program.rel
    if not want:
        assert got == set(), f"false alarm on a program labelled clean: {sorted(got)}"
        return
    # A buggy program may draw an extra *warning* (e.g. the reshape that mixes the batch axis
    # before the matmul that fails); an unlabelled error is a false alarm.
    if name in KNOWN_MISSES:  # its reason says where (if anywhere) the bug is reported instead
        assert not want <= got, f"{name} is listed as a known miss but is detected; drop it from the list"
        pytest.xfail(KNOWN_MISSES[name])
    unexpected = {g for g in got if g not in want and g[1].startswith(("ST1", "ST4"))}
    assert not unexpected, f"error not labelled in the program: {sorted(unexpected)}"
    assert want <= got, f"missed: {sorted(want - got)}"


def test_known_misses_name_existing_programs():
    for name in KNOWN_MISSES:
        assert (CORPUS / name).exists(), name
