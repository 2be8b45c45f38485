"""Scan records carry the TensorFlow their scripts were checked against: flag, pins, log, default."""

from __future__ import annotations

from click.testing import CliRunner

from shapetracer.jobs.cli_scan import scan
from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.job import scan_one

from .builders import GOOD, LOG, folder_job, read_records, tar_bytes, validate

TF1_LOG = LOG + b'  File "/usr/local/lib/python3.6/dist-packages/tensorflow_core/python/client/session.py", line 956\n'


def test_requirements_decide(tmp_path):
    job = folder_job(tmp_path, "a", {"train.py": GOOD, "requirements.txt": b"tensorflow-gpu==1.15.0\n", "job.log": LOG})
    record = scan_one(str(job), ScanConfig())
    validate(record)
    assert record["target"] == {"tf_version": "1.15", "keras_version": 2,
                                "tf_version_source": "requirements.txt pin (tensorflow-gpu==1.15.0)"}
    assert [s["path"] for s in record["scripts"]] == ["train.py"] and record["findings"]


def test_pins_inside_an_archive(tmp_path):
    archive = tmp_path / "b.tar.gz"
    setup = b"from setuptools import setup\nsetup(install_requires=['tensorflow>=2.0,<2.16'])\n"
    archive.write_bytes(tar_bytes([("b/train.py", GOOD), ("b/setup.py", setup)]))
    record = scan_one(str(archive), ScanConfig())
    validate(record)
    assert record["target"]["tf_version"] == "2.15" and record["target"]["tf_version_source"].startswith("b/setup.py")


def test_the_log_when_nothing_is_pinned(tmp_path):
    record = scan_one(str(folder_job(tmp_path, "c", {"train.py": GOOD, "job.log": TF1_LOG})), ScanConfig())
    validate(record)
    assert record["target"]["tf_version"] == "1.15" and record["target"]["tf_version_source"].startswith("job.log log")


def test_the_log_wins_over_the_pin(tmp_path):
    # a TF 1 script pinned to 1.15 that a TF 2 image ran: it failed under the log's version
    log = b"TensorFlow version: 2.15.1\n" + LOG
    job = folder_job(tmp_path, "i", {"train.py": GOOD, "requirements.txt": b"tensorflow==1.15.5\n", "job.log": log})
    record = scan_one(str(job), ScanConfig())
    validate(record)
    assert record["target"]["tf_version"] == "2.15" and record["target"]["tf_version_source"].startswith("job.log log")


def test_flag_wins_and_default_otherwise(tmp_path):
    job = folder_job(tmp_path, "d", {"train.py": GOOD, "requirements.txt": b"tensorflow==1.15.5\n"})
    assert scan_one(str(job), ScanConfig(tf_version="2.15"))["target"]["tf_version_source"] == "flag"
    plain = scan_one(str(folder_job(tmp_path, "e", {"train.py": GOOD})), ScanConfig())
    assert plain["target"]["tf_version"] == ScanConfig().default_target().version


def test_the_cache_keeps_targets_apart(tmp_path):
    config = ScanConfig(cache_dir=str(tmp_path / "cache"))
    assert scan_one(str(folder_job(tmp_path, "f", {"train.py": GOOD})), config)["scripts"][0]["cached"] is False
    pinned = folder_job(tmp_path, "g", {"train.py": GOOD, "requirements.txt": b"tensorflow==1.15.5\n"})
    assert scan_one(str(pinned), config)["scripts"][0]["cached"] is False  # same script, other target
    again = folder_job(tmp_path, "h", {"src/train.py": GOOD, "requirements.txt": b"tensorflow<2\n"})
    assert scan_one(str(again), config)["scripts"][0]["cached"] is True  # same script, same target


def test_scan_flag(tmp_path):
    root = tmp_path / "jobs"
    folder_job(root, "a", {"train.py": GOOD})
    output = tmp_path / "out.jsonl"
    bad = CliRunner().invoke(scan, [str(root), "-o", str(output), "--tf-version", "0.9"])
    assert bad.exit_code == 2 and "unsupported TensorFlow version" in bad.output
    result = CliRunner().invoke(scan, [str(root), "-o", str(output), "-j", "1", "--no-cache", "-q",
                                       "--tf-version", "1.15"])
    assert result.exit_code == 0, result.output
    [record] = read_records(output)
    assert record["target"] == {"tf_version": "1.15", "keras_version": 2, "tf_version_source": "flag"}
