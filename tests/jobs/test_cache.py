"""The content-hash cache: a script seen before is not analysed again."""

from __future__ import annotations

import hashlib

import shapetracer.engine
from shapetracer.jobs.cache import ScriptCache
from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.job import scan_one

from .builders import GOOD, folder_job, read_records, run_cli, small_jobs, validate


def _no_engine(*args, **kwargs):
    raise AssertionError("the engine ran although the script was cached")


def test_same_content_is_analysed_once_whatever_its_name(tmp_path, monkeypatch):
    config = ScanConfig(cache_dir=str(tmp_path / "cache"))
    first = scan_one(str(folder_job(tmp_path, "a", {"train.py": GOOD})), config)
    monkeypatch.setattr(shapetracer.engine, "check_source", _no_engine)
    second = scan_one(str(folder_job(tmp_path, "b", {"src/model.py": GOOD})), config)
    validate(second)
    assert first["scripts"][0]["cached"] is False and second["scripts"][0]["cached"] is True
    assert second["findings"] and all(f["path"] == "src/model.py" for f in second["findings"])
    assert str(second["findings"]).replace("src/model.py", "train.py") == str(first["findings"])
    assert (tmp_path / "cache" / "CACHEDIR.TAG").exists()
    assert (tmp_path / "cache" / ".gitignore").read_text() == "*\n"


def test_no_cache_writes_nothing_and_other_options_miss(tmp_path, monkeypatch):
    job = folder_job(tmp_path, "a", {"train.py": GOOD})
    scan_one(str(job), ScanConfig())
    assert not (tmp_path / "cache").exists()
    scan_one(str(job), ScanConfig(cache_dir=str(tmp_path / "cache")))
    other = ScanConfig(cache_dir=str(tmp_path / "cache"), possible_failures=True)
    assert scan_one(str(job), other)["scripts"][0]["cached"] is False  # options are part of the key


def test_a_corrupt_entry_is_a_miss_and_is_rewritten(tmp_path):
    config = ScanConfig(cache_dir=str(tmp_path / "cache"))
    job = folder_job(tmp_path, "a", {"train.py": GOOD})
    record = scan_one(str(job), config)
    cache = ScriptCache.for_config(config)
    entry = cache._path(record["scripts"][0]["sha256"])
    entry.write_bytes(b'{"torn')
    again = scan_one(str(job), config)
    assert again["scripts"][0]["cached"] is False and again["findings"] == record["findings"]
    assert scan_one(str(job), config)["scripts"][0]["cached"] is True
    assert not [p for p in entry.parent.iterdir() if p.name.startswith(".tmp-")]  # atomic writes leave no temp


def test_one_cli_scan_analyses_repeated_scripts_once(tmp_path):
    # One worker (-j 1): the repeated script is certainly analysed before its copies.
    root = tmp_path / "jobs"
    small_jobs(root, 6)  # jobs 1, 3 and 5 share one script
    result = run_cli([str(root), "-o", str(tmp_path / "out.jsonl"), "-j", "1", "--cache-dir",
                      str(tmp_path / "cache"), "-q"])
    assert result.returncode == 0, result.stderr
    scripts = [s for r in read_records(tmp_path / "out.jsonl") for s in r["scripts"]]
    shared = [s for s in scripts if s["sha256"] == hashlib.sha256(GOOD).hexdigest()]
    assert [s["cached"] for s in shared] == [False, True, True]
