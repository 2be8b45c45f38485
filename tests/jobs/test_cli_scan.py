"""``shapetracer scan`` end to end: records, exit codes, progress."""

from __future__ import annotations

import io
from collections import Counter

from click.testing import CliRunner

from shapetracer.jobs.cli_scan import scan
from shapetracer.jobs.progress import Progress, format_duration

from .builders import GOOD, LOG, hostile_jobs, read_records, run_cli, snapshot, small_jobs, tar_bytes, validate


def test_hostile_archives_scan_to_one_valid_record_each(tmp_path):
    root = tmp_path / "jobs"
    expected = hostile_jobs(root)
    (root / "caf\udce9_job").mkdir()  # a job whose own name is not UTF-8
    (root / "caf\udce9_job" / "train.py").write_bytes(GOOD)
    expected["caf\\xe9_job"] = "ok"
    output = tmp_path / "out" / "results.jsonl"
    before = snapshot(tmp_path)
    result = run_cli([str(root), "-o", str(output), "-j", "2", "--no-cache"])
    assert result.returncode == 0, result.stderr
    records = read_records(output)
    for record in records:
        validate(record)
    assert Counter(r["job"] for r in records) == Counter(list(expected))  # every job exactly once
    assert {r["job"]: r["status"] for r in records} == expected
    assert snapshot(tmp_path) - before == {str(output.parent), str(output)}  # nothing else written
    assert "Traceback" not in result.stderr


def test_cli_in_process_exit_codes_and_progress(tmp_path):
    root = tmp_path / "jobs"
    small_jobs(root, 3)
    runner = CliRunner()
    output = tmp_path / "results.jsonl"
    result = runner.invoke(scan, [str(root), "-o", str(output), "-j", "2", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "scanned 3/3 jobs (100%)" in result.stderr  # not a terminal: plain lines
    assert "\r" not in result.stderr
    assert result.stdout == ""  # records go to the file, never to stdout
    assert len(read_records(output)) == 3

    missing = runner.invoke(scan, [str(tmp_path / "nope"), "-o", str(output)])
    assert missing.exit_code == 2 and "no such file or directory" in missing.stderr
    usage = runner.invoke(scan, [str(root), "-o", str(output), "--scheduler", "tcp://127.0.0.1:1"])
    assert usage.exit_code == 2 and "--engine dask" in usage.output
    not_a_job = tmp_path / "notes.txt"
    not_a_job.write_text("x")
    wrong = runner.invoke(scan, [str(not_a_job), "-o", str(output)])
    assert wrong.exit_code == 2 and "neither a folder nor" in wrong.stderr


def test_a_path_that_is_an_archive_is_one_job(tmp_path):
    archive = tmp_path / "single.tar.gz"
    archive.write_bytes(tar_bytes([("train.py", GOOD)]))
    output = tmp_path / "results.jsonl"
    result = CliRunner().invoke(scan, [str(archive), "-o", str(output), "-j", "1", "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    [record] = read_records(output)
    assert record["job"] == "single.tar.gz" and record["status"] == "ok" and record["findings"]
    assert result.stderr.startswith("scanned 1 job(s)")


def test_progress_redraws_on_a_terminal_and_prints_lines_elsewhere():
    terminal = io.StringIO()
    meter = Progress(3, terminal, tty=True)
    for status in ("ok", "ok", "timeout"):
        meter.update(status)
        meter.last_drawn = 0.0  # let every update draw
    meter.finish()
    text = terminal.getvalue()
    assert text.count("\r\x1b[K") == 4 and text.endswith("\n") and "ok 2 timeout 1" in text
    assert "ETA" in text and "jobs/s" in text

    log = io.StringIO()
    plain = Progress(1000, log, tty=False, interval=3600, skipped=5)
    for _ in range(10):
        plain.update("ok")
    plain.finish()
    lines = log.getvalue().splitlines()
    assert lines[0].startswith("resuming: 5 job(s) already recorded")
    assert len(lines) == 3  # the first update, then nothing for an hour, then the final line
    assert lines[-1].startswith("scanned 10/1000 jobs (1%)")
    assert format_duration(3725) == "1h02m" and format_duration(65) == "1m05s"


def test_a_tarball_made_with_tar_dash_c_dot_scans_ok(tmp_path):
    """``tar -czf jobs.tgz -C jobdir .`` writes a ``./`` entry first: the archive's own top
    folder, an ordinary member (it was refused as a bad name, and the record said so)."""
    import shutil
    import subprocess

    tar = shutil.which("tar")
    if tar is None:
        import pytest
        pytest.skip("no tar command")
    jobdir = tmp_path / "jobdir"
    jobdir.mkdir()
    (jobdir / "train.py").write_bytes(GOOD)
    (jobdir / "run.log").write_bytes(LOG)
    archive = tmp_path / "jobs.tgz"
    subprocess.run([tar, "-czf", str(archive), "-C", str(jobdir), "."], check=True)
    output = tmp_path / "results.jsonl"
    result = CliRunner().invoke(scan, [str(archive), "-o", str(output), "-j", "1", "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    [record] = read_records(output)
    assert record["status"] == "ok" and record["refused"] == []
    assert [s["path"] for s in record["scripts"]] == ["train.py"] and record["findings"]


def test_a_notebook_member_is_scanned_like_a_script(tmp_path):
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": ["import numpy as np\n", "x = np.zeros((3, 4))\n"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": ["y = x.reshape(5, 5)\n"]}]}
    import json as json_module
    archive = tmp_path / "nb.tar.gz"
    archive.write_bytes(tar_bytes([("work/explore.ipynb", json_module.dumps(notebook).encode())]))
    output = tmp_path / "results.jsonl"
    result = CliRunner().invoke(scan, [str(archive), "-o", str(output), "-j", "1", "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    [record] = read_records(output)
    assert record["status"] == "ok"
    assert [s["path"] for s in record["scripts"]] == ["work/explore.ipynb"]
    [finding] = [f for f in record["findings"] if f["code"].startswith("ST1")]
    assert finding["path"] == "work/explore.ipynb" and finding["cell"] == 2 and finding["line"] == 1


def test_output_dash_writes_the_records_to_stdout(tmp_path, monkeypatch):
    """``--output -`` is standard output (it made a file named ``-`` that the next run resumed from)."""
    monkeypatch.chdir(tmp_path)
    archive = tmp_path / "single.tar.gz"
    archive.write_bytes(tar_bytes([("train.py", GOOD)]))
    for _ in range(2):  # nothing is resumed: the second run prints the record again
        result = CliRunner().invoke(scan, [str(archive), "-o", "-", "-j", "1", "--no-cache", "-q"])
        assert result.exit_code == 0, result.output
        [line] = result.stdout.splitlines()
        assert '"job":"single.tar.gz"' in line.replace(" ", "")
    assert not (tmp_path / "-").exists()
