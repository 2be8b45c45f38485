"""for_job: a job's log decides its TensorFlow, its dependency files when the log is silent."""

from __future__ import annotations

from shapetracer.versions import for_job

PIN = {"requirements.txt": "tensorflow==1.15.5\nnumpy\n"}
TF2_LOG = "TensorFlow version: 2.15.1\nTraceback (most recent call last):\n"
SILENT_LOG = "Traceback (most recent call last):\n  File \"train.py\", line 3\nValueError: x\n"


def test_the_log_wins_over_the_pin():
    target = for_job(TF2_LOG, PIN)
    assert (target.version, target.keras) == ("2.15", 2) and target.source.startswith("job.log log")


def test_the_pin_when_the_log_names_no_version():
    target = for_job(SILENT_LOG, PIN)
    assert target.version == "1.15" and target.source.startswith("requirements.txt pin")


def test_nothing_known():
    assert for_job(SILENT_LOG, {}) is None
    assert for_job(None, {"README.md": "tensorflow"}) is None
    assert for_job("", PIN).version == "1.15"
