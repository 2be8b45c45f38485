"""The classifier agrees with job.json on every job of the failed-job corpus.

job.json's labels come from the job's recipe and were checked against the real run by
corpus/run_jobs.py (or describe a platform log); the classifier only reads job.log.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shapetracer.study import classify_log

JOBS = Path(__file__).resolve().parents[2] / "corpus" / "jobs"
ALL = sorted(p for p in JOBS.iterdir() if (p / "job.json").exists()) if JOBS.is_dir() else []
UNKNOWN = {"category": "unknown", "exception": None, "file": None, "line": None}


def test_the_corpus_is_large_and_varied():
    metas = [json.loads((job / "job.json").read_text()) for job in ALL]
    assert len(metas) >= 300
    categories = {m["category"] for m in metas}
    assert {"undefined-name", "attribute-error", "call-error", "shape-mismatch", "environment"} <= categories
    assert sum(len(list(job.glob("*.py"))) > 1 for job in ALL) >= 50  # multi-file jobs
    assert {m["log_origin"] for m in metas} == {"real", "synthetic-platform"}
    assert {m.get("truncated") for m in metas} >= {"head", "tail"}


@pytest.mark.parametrize("job", ALL, ids=[p.name for p in ALL])
def test_classifier_agrees_with_the_label(job: Path):
    meta = json.loads((job / "job.json").read_text())
    files = {str(p.relative_to(job)) for p in job.rglob("*.py")}
    got = classify_log((job / "job.log").read_text(errors="replace"), files) or UNKNOWN
    want = {key: meta[key] for key in ("category", "exception", "file", "line")}
    assert {key: got[key] for key in want} == want, got.get("message")
