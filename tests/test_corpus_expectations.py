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
- Findings TensorFlow contradicts (an error on a program that runs under that version, an
  unlabelled error on a buggy one) are listed in corpus/known_false_alarms.txt, just as
  strictly: a listed program that draws no such finding fails.
- Every error of a run is reported, though the real run stops at the first: an error after
  the labelled one is listed in corpus/second_errors.txt with the twin that verified it
  (the first error taken out, the real library run to that line), and must be reported.
- The programs in corpus/quiet_under_possible.txt must draw no finding at all even with
  ``--possible`` (warnings of what fails for some values of the unknowns): their run calls feed
  differing batch sizes only to placeholders that never meet in one op.

An entry of either list names a program (``posted/bug_x.py``: under every version it lists)
or one version of it (``posted/bug_x.py@1.15``); a false alarm under ``--possible`` is listed
as ``posted/ok_x.py@possible``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import fact_problems, load_corpus_meta
from shapetracer.domain.target import Target, target_for
from shapetracer.engine import Options, check_file

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "shape"




corpus_meta = load_corpus_meta()
PROGRAMS = corpus_meta.load_corpus()
RUNS = [(program, version) for program in PROGRAMS for version in program.versions]


def _second_errors() -> dict[str, set[tuple[int, str]]]:
    """``<program>[@<version>] <line> <code> <how verified>`` lines of corpus/second_errors.txt."""
    found: dict[str, set[tuple[int, str]]] = {}
    for key, rest in _listing("second_errors.txt").items():
        line, code, _ = rest.split(" ", 2)
        found.setdefault(key, set()).add((int(line), code))
    return found


def _listing(name: str) -> dict[str, str]:
    """``<program>[@<version>] <reason>`` lines of corpus/<name> (comments skipped)."""
    path = ROOT / "corpus" / name
    entries = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, reason = line.partition(" ")
                entries[key] = reason.strip()
    return entries


KNOWN_MISSES = _listing("known_misses.txt")
KNOWN_FALSE_ALARMS = _listing("known_false_alarms.txt")
SECOND_ERRORS = _second_errors()
QUIET_UNDER_POSSIBLE = [program for program in PROGRAMS
                        if program.rel in _listing("quiet_under_possible.txt")]
POSSIBLE_RUNS = [(program, version) for program in QUIET_UNDER_POSSIBLE for version in program.versions]


def listed(entries: dict[str, str], name: str, version: str) -> str | None:
    """The reason ``entries`` gives for program ``name`` under ``version`` (None: not listed)."""
    return entries.get(f"{name}@{version}", entries.get(name))


def target_of(program, version: str) -> Target:
    """The target a corpus program runs under in the oracle: ``version``, with the legacy
    tf_keras when its header says the oracle sets TF_USE_LEGACY_KERAS=1."""
    return target_for(version, source="corpus header", legacy_keras=program.legacy_keras)


def shape_findings(path: Path, target: Target, possible: bool = False,
                   prefixes: tuple[str, ...] = ("ST1", "ST2")) -> set[tuple[int, str]]:
    result = check_file(path, Options(generic=False, possible_failures=possible, target=target))
    # every finding carries the facts its code declares (tests/test_finding_facts.py)
    assert [p for f in result.findings for p in fact_problems(f.code, dict(f.args))] == []
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
    false_alarm = listed(KNOWN_FALSE_ALARMS, name, version)
    if not want:
        if false_alarm:
            assert got, f"{name} is listed as a known false alarm under {version} but is clean; drop it"
            pytest.xfail(false_alarm)
        assert got == set(), f"false alarm on a program labelled clean: {sorted(got)}"
        return
    # A buggy program may draw an extra *warning* (e.g. the reshape that mixes the batch axis
    # before the matmul that fails); an unlabelled error is a false alarm.
    miss = listed(KNOWN_MISSES, name, version)
    if miss:  # its reason says where (if anywhere) the bug is reported instead
        assert not want <= got, f"{name} is listed as a known miss but is detected; drop it from the list"
        pytest.xfail(miss)
    second = SECOND_ERRORS.get(f"{name}@{version}", SECOND_ERRORS.get(name, set()))
    assert second <= got, f"a verified second error is not reported: {sorted(second - got)}"
    unexpected = {g for g in got if g not in want | second and g[1].startswith(("ST1", "ST4"))}
    if false_alarm:
        assert unexpected, f"{name} is listed as a known false alarm under {version} but draws none; drop it"
        assert want <= got, f"missed: {sorted(want - got)}"
        pytest.xfail(false_alarm)
    assert not unexpected, f"error not labelled in the program: {sorted(unexpected)}"
    assert want <= got, f"missed: {sorted(want - got)}"


@pytest.mark.parametrize("program,version", POSSIBLE_RUNS, ids=[f"{p.rel}-tf{v}" for p, v in POSSIBLE_RUNS])
def test_quiet_under_possible(program, version: str):
    """Feeding differing batch sizes in different run calls (a training loop and a test set) is
    no failure: with ``--possible`` on, such a program still draws no finding."""
    got = shape_findings(program.path, target_of(program, version), possible=True,
                         prefixes=program.finding_prefixes(version))
    false_alarm = listed(KNOWN_FALSE_ALARMS, program.rel, "possible")
    if false_alarm:
        assert got, f"{program.rel} is listed as a known false alarm under --possible but is quiet; drop it"
        pytest.xfail(false_alarm)
    assert got == set(), f"--possible finding on a program whose feeds never meet: {sorted(got)}"


@pytest.mark.parametrize("listing", ["known_misses.txt", "known_false_alarms.txt", "quiet_under_possible.txt",
                                     "second_errors.txt"])
def test_listings_name_existing_programs(listing: str):
    by_rel = {program.rel: program for program in PROGRAMS}
    for key in _listing(listing):
        name, _, version = key.partition("@")
        assert name in by_rel, f"{listing}: no corpus program {name}"
        allowed = set(by_rel[name].versions) | ({"possible"} if listing == "known_false_alarms.txt" else set())
        assert not version or version in allowed, f"{listing}: {name} does not list version {version}"


def test_quiet_programs_are_clean_or_fixed():
    """Only programs TensorFlow runs without error may be promised silence under --possible."""
    for program in QUIET_UNDER_POSSIBLE:
        assert program.kind in ("ok", "clean"), f"{program.rel} is a buggy program"
