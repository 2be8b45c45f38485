"""Ground truth: every corpus program behaves under real TensorFlow as it is labelled.

Each program runs under every TensorFlow version its header lists (``tf:``; 2.21 when
absent), each in its own env (tests/oracle/envs.py); a version whose env is not
installed is skipped with the command that installs it.

Opt-in (slow): ``python -m pytest -m oracle tests/oracle`` or ``SHAPETRACER_ORACLE=1
python -m pytest``.  ``-k tf1.15`` selects one version.  See README.md beside this file.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import corpus_meta  # noqa: E402
import pool  # noqa: E402
import verdict  # noqa: E402

pytestmark = pytest.mark.oracle

PROGRAMS = corpus_meta.load_corpus()
RUNS = [(program, version) for program in PROGRAMS for version in program.versions]


def _selected_runs(session: pytest.Session) -> list:
    """The (program, version) runs of the oracle tests this run will execute (so `-k` stays fast)."""
    chosen = [(item.callspec.params["program"], item.callspec.params["version"]) for item in session.items
              if getattr(item, "originalname", None) == "test_program_behaves_as_labelled"
              and hasattr(item, "callspec")]
    return chosen or RUNS


@pytest.fixture(scope="session")
def oracle_results(request: pytest.FixtureRequest) -> dict[str, dict]:
    """Run every selected (program, version) once, version by version, before the first check."""
    runs = _selected_runs(request.session)
    timings: list[str] = []
    results = pool.run_requests(
        [pool.request_for(program, version) for program, version in runs],
        on_version=lambda version, seconds, count: timings.append(
            f"TensorFlow {version}: {count} programs in {seconds:.0f} s"))
    if timings:
        print("\noracle: " + "; ".join(timings))
    report = os.environ.get("SHAPETRACER_ORACLE_REPORT")
    if report:
        Path(report).write_text(json.dumps(results, indent=1, sort_keys=True))
    return results


@pytest.mark.parametrize("program,version", RUNS, ids=[f"{p.rel}-tf{v}" for p, v in RUNS])
def test_program_behaves_as_labelled(program, version, oracle_results):
    result = oracle_results.get(pool.result_key(version, str(program.path)))
    assert result is not None, "the oracle produced no result"
    if result.get("status") == "unavailable":
        pytest.skip(result["message"])
    problem = verdict.judge(program, result, version)
    assert problem is None, f"{program.rel} under TensorFlow {version}: {problem}"
