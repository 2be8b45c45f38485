"""A seeded sample of the differential check against TensorFlow (bench/differential.py).

Random TF1 graph programs run under tensorflow-cpu and under shapetracer; TensorFlow
must raise a shape error at line L exactly when shapetracer's first error is at L.
On the sample: no false alarm (shapetracer's error where TensorFlow runs), and at
least 95% agreement.  Opt-in like the rest of the oracle suite
(``python -m pytest -m oracle tests/differential``); skipped without tensorflow.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import diffgen  # noqa: E402
import diffrun  # noqa: E402

pytestmark = pytest.mark.oracle

SEED = 20240
PROGRAMS = 40


@pytest.fixture(scope="module")
def outcomes() -> list[diffrun.Outcome]:
    if importlib.util.find_spec("tensorflow") is None:  # importing it here would cost seconds
        pytest.skip("the differential check needs tensorflow-cpu")
    return diffrun.run_programs(diffgen.generate_many(PROGRAMS, SEED))


def _listing(outcomes: list[diffrun.Outcome], kinds: tuple[str, ...]) -> str:
    return "\n\n".join(f"[{o.kind}] program {o.ident}\n{o.text}    {o.describe()}"
                       for o in outcomes if o.kind in kinds)


def test_every_program_was_compared(outcomes):
    unusable = [o for o in outcomes if o.kind in ("excluded", "st-crash")]
    assert not unusable, _listing(outcomes, ("excluded", "st-crash"))


def test_no_false_alarm(outcomes):
    assert not [o for o in outcomes if o.kind == "st-only"], _listing(outcomes, ("st-only",))


def test_agreement_on_the_sample(outcomes):
    rate = diffrun.agreement(outcomes)
    assert rate >= 0.95, f"agreement {rate:.1%}\n" + _listing(outcomes, diffrun.DISAGREEING)


def test_sample_exercises_both_verdicts(outcomes):
    """The generator makes both clean and failing programs (the check is not vacuous)."""
    kinds = {o.kind for o in outcomes}
    assert {"agree-ok", "agree-error"} <= kinds
