"""Ground truth: every corpus program behaves under real TensorFlow as it is labelled.

Opt-in (slow, needs tensorflow-cpu and tf-keras): ``python -m pytest -m oracle tests/oracle``
or ``SHAPETRACER_ORACLE=1 python -m pytest``.  See README.md beside this file.
"""

from __future__ import annotations

import importlib.util
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


def _selected_programs(session: pytest.Session) -> list:
    """The programs of the oracle tests this run will execute (so `-k` stays fast)."""
    chosen = [item.callspec.params["program"] for item in session.items
              if getattr(item, "originalname", None) == "test_program_behaves_as_labelled"
              and hasattr(item, "callspec")]
    return chosen or PROGRAMS


@pytest.fixture(scope="session")
def oracle_results(request: pytest.FixtureRequest) -> dict[str, dict]:
    """Run every selected corpus program once, in parallel, before the first check."""
    if importlib.util.find_spec("tensorflow") is None:  # importing it here would cost seconds
        pytest.skip("the oracle needs tensorflow-cpu")
    programs = _selected_programs(request.session)
    results = pool.run_requests([pool.request_for(p) for p in programs])
    report = os.environ.get("SHAPETRACER_ORACLE_REPORT")
    if report:
        Path(report).write_text(json.dumps(results, indent=1, sort_keys=True))
    return results


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.rel for p in PROGRAMS])
def test_program_behaves_as_labelled(program, oracle_results):
    result = oracle_results.get(str(program.path))
    assert result is not None, "the oracle produced no result"
    problem = verdict.judge(program, result)
    assert problem is None, f"{program.rel}: {problem}"
