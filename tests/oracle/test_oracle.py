"""Ground truth: every corpus program behaves under real TensorFlow as it is labelled.

Each program runs under every TensorFlow version its header lists (``tf:``; 2.21 when
absent), each in its own env (tests/oracle/envs.py); a version whose env is not
installed is skipped with the command that installs it.  Each multi-file project of
corpus/projects (its bug, ok or clean folder) runs under every version its manifest
lists: its entry points in order, in a copy of the folder (``-k projects`` selects them).

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
import projects_meta  # noqa: E402
import verdict  # noqa: E402

pytestmark = pytest.mark.oracle

PROGRAMS = corpus_meta.load_corpus()
RUNS = [(program, version) for program in PROGRAMS for version in program.versions]
PROJECT_RUNS = projects_meta.variant_runs(projects_meta.load_projects())


def _selected_requests(session: pytest.Session) -> list[dict]:
    """The requests of the oracle tests this run will execute (so `-k` stays fast)."""
    requests = []
    for item in session.items:
        if not hasattr(item, "callspec"):
            continue
        name = getattr(item, "originalname", None)
        if name == "test_program_behaves_as_labelled":
            requests.append(pool.request_for(item.callspec.params["program"], item.callspec.params["version"]))
        elif name == "test_project_behaves_as_labelled":
            requests.append(pool.project_request_for(item.callspec.params["variant"],
                                                     item.callspec.params["version"]))
    return requests or ([pool.request_for(p, v) for p, v in RUNS]
                        + [pool.project_request_for(p, v) for p, v in PROJECT_RUNS])


@pytest.fixture(scope="session")
def oracle_results(request: pytest.FixtureRequest) -> dict[str, dict]:
    """Run every selected (program, version) once, version by version, before the first check."""
    timings: list[str] = []
    results = pool.run_requests(
        _selected_requests(request.session),
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


@pytest.mark.parametrize("variant,version", PROJECT_RUNS, ids=[f"{v.rel}-tf{ver}" for v, ver in PROJECT_RUNS])
def test_project_behaves_as_labelled(variant, version, oracle_results):
    result = oracle_results.get(pool.result_key(version, str(variant.folder)))
    assert result is not None, "the oracle produced no result"
    if result.get("status") == "unavailable":
        pytest.skip(result["message"])
    problem = verdict.judge_variant(variant, result, version)
    assert problem is None, f"{variant.rel} under TensorFlow {version}: {problem}"
