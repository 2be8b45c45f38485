"""Resuming: a scan killed with SIGKILL and rerun ends with every job exactly once."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path

from shapetracer.jobs.worker import POISON_ENV

from .builders import read_records, run_cli, small_jobs, validate


def _exactly_once(output: Path, root: Path, names: list[str]) -> list[dict]:
    records = read_records(output)
    counts = Counter(r["source"] for r in records)
    assert counts == Counter(str(root / name) for name in names)
    for record in records:
        validate(record)
    return records


def _our_workers(token: str) -> list[int]:
    """Worker processes started by the scan that carries ``token`` in its environment."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if token.encode() in (entry / "environ").read_bytes():
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


def test_kill_9_mid_scan_then_rerun_gives_every_job_once(tmp_path):
    root, output = tmp_path / "jobs", tmp_path / "out" / "results.jsonl"
    names = small_jobs(root, 24)
    token = f"shapetracer-test-{uuid.uuid4().hex}"
    env = {**os.environ, POISON_ENV: f"hang:{names[5]}", "SHAPETRACER_TEST_TOKEN": token}
    scan = subprocess.Popen([sys.executable, "-m", "shapetracer.jobs.cli_scan", str(root), "-o", str(output),
                             "-j", "2", "--timeout", "600", "--no-cache", "-q"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if output.exists() and output.read_bytes().count(b"\n") >= 8:
            break
        time.sleep(0.05)
    scan.send_signal(signal.SIGKILL)
    scan.wait()
    partial = read_records(output)
    assert 8 <= len(partial) < 24  # killed mid-scan: the hanging job is surely missing
    time.sleep(1.5)  # the workers notice their parent's death (PR_SET_PDEATHSIG or the watch thread)
    assert _our_workers(token) == []

    rerun = run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"])
    assert rerun.returncode == 0, rerun.stderr
    assert f"{len(partial)} already recorded" in rerun.stderr
    records = _exactly_once(output, root, names)
    assert records[: len(partial)] == partial  # earlier lines untouched
    assert {r["status"] for r in records} == {"ok"}


def test_ctrl_c_fails_the_run_without_recording_the_jobs_in_flight(tmp_path):
    root, output = tmp_path / "jobs", tmp_path / "results.jsonl"
    names = small_jobs(root, 6)
    env = {**os.environ, POISON_ENV: f"hang:{names[2]}"}
    scan = subprocess.Popen([sys.executable, "-m", "shapetracer.jobs.cli_scan", str(root), "-o", str(output),
                             "-j", "2", "--no-cache", "-q"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (output.exists() and output.read_bytes().count(b"\n") >= 5):
        time.sleep(0.05)
    os.killpg(scan.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    _, stderr = scan.communicate(timeout=30)
    assert scan.returncode == 2 and "interrupted" in stderr and "Traceback" not in stderr
    statuses = {r["job"]: r["status"] for r in read_records(output)}
    assert names[2] not in statuses and set(statuses.values()) == {"ok"}
    assert run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"]).returncode == 0
    _exactly_once(output, root, names)


def test_a_torn_last_line_is_cut_and_its_job_scanned_again(tmp_path):
    root, output = tmp_path / "jobs", tmp_path / "results.jsonl"
    names = small_jobs(root, 4)
    assert run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"]).returncode == 0
    data = output.read_bytes()
    output.write_bytes(data[:-40])  # as if killed in the middle of a write
    rerun = run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"])
    assert rerun.returncode == 0, rerun.stderr
    assert "cut off an unfinished last line" in rerun.stderr
    assert "scanned 1 job(s)" in rerun.stderr
    _exactly_once(output, root, names)


def test_rerun_skips_recorded_jobs_and_scans_new_ones(tmp_path):
    root, output = tmp_path / "jobs", tmp_path / "results.jsonl"
    names = small_jobs(root, 3)
    assert run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"]).returncode == 0
    before = output.read_bytes()
    again = run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"])
    assert again.returncode == 0 and "scanned 0 job(s)" in again.stderr
    assert output.read_bytes() == before
    names += small_jobs(tmp_path / "more", 4)[3:]
    os.rename(tmp_path / "more" / names[-1], root / names[-1])
    third = run_cli([str(root), "-o", str(output), "-j", "1", "--no-cache"])
    assert "scanned 1 job(s)" in third.stderr and "3 already recorded" in third.stderr
    _exactly_once(output, root, names)


def test_output_of_other_options_or_in_use_is_refused(tmp_path):
    root, output = tmp_path / "jobs", tmp_path / "results.jsonl"
    small_jobs(root, 1)
    assert run_cli([str(root), "-o", str(output), "--no-cache", "-j", "1"]).returncode == 0
    other = run_cli([str(root), "-o", str(output), "--no-cache", "--no-generic"])
    assert other.returncode == 2 and "other options" in other.stderr
    with open(output, "rb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        busy = run_cli([str(root), "-o", str(output), "--no-cache", "-j", "1"])
    assert busy.returncode == 2 and "another scan" in busy.stderr
