"""Ground truth: every corpus program behaves under real TensorFlow as it is labelled.

Opt-in (slow, needs tensorflow-cpu and tf-keras): ``python -m pytest -m oracle tests/oracle``
or ``SHAPETRACER_ORACLE=1 python -m pytest``.  See README.md beside this file.
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


@pytest.fixture(scope="session")
def oracle_results() -> dict[str, dict]:
    """Run the whole corpus once, in parallel, before the first check."""
    pytest.importorskip("tensorflow", reason="the oracle needs tensorflow-cpu")
    results = pool.run_requests([pool.request_for(p) for p in PROGRAMS])
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
