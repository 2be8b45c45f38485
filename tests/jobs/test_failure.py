"""The record's ``failure``: filled by ``classify_log`` when a classifier is installed."""

from __future__ import annotations

import sys
import types

import pytest

from shapetracer.jobs import failure
from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.job import scan_one

from .builders import GOOD, LOG, folder_job, validate

FAKE = "shapetracer_test_fake_classifier"


@pytest.fixture()
def classifier(monkeypatch):
    """Install a stand-in classifier module; the test sets its ``classify_log``."""
    module = types.ModuleType(FAKE)
    monkeypatch.setitem(sys.modules, FAKE, module)
    monkeypatch.setattr(failure, "CLASSIFIER_MODULE", FAKE)
    monkeypatch.setattr(failure, "_classifier", failure._UNSET)
    return module


def _job(tmp_path):
    return str(folder_job(tmp_path, "job", {"train.py": GOOD, "logs/stdout.txt": b"epoch 1\n",
                                            "logs/stderr.log": LOG}))


def test_failure_is_what_the_classifier_says(tmp_path, classifier):
    classifier.classify_log = lambda text: {"category": "shape", "line": 3} if "ValueError" in text else None
    record = scan_one(_job(tmp_path), ScanConfig())
    validate(record)
    assert record["log"] == "logs/stderr.log"  # the one with the traceback
    assert record["failure"] == {"category": "shape", "line": 3}


def test_a_failing_classifier_costs_only_the_failure(tmp_path, classifier):
    def broken(text):
        raise RuntimeError("oops")

    classifier.classify_log = broken
    record = scan_one(_job(tmp_path), ScanConfig())
    validate(record)
    assert record["status"] == "ok" and record["failure"] is None
    assert record["warnings"] == ["classify_log failed on logs/stderr.log: RuntimeError: oops"]


def test_without_a_classifier_failure_is_null(tmp_path, monkeypatch):
    monkeypatch.setattr(failure, "CLASSIFIER_MODULE", "shapetracer.study.no_such_module")
    monkeypatch.setattr(failure, "_classifier", failure._UNSET)
    record = scan_one(_job(tmp_path), ScanConfig())
    assert record["log"] == "logs/stderr.log" and record["failure"] is None and record["warnings"] == []
