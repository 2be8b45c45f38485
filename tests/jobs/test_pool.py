"""The local pool: a job that hangs or kills its worker is a record, and the scan goes on."""

from __future__ import annotations

from collections import Counter

import pytest

from shapetracer.jobs import local
from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.local import PoolError, WorkerPool
from shapetracer.jobs.worker import POISON_ENV

from .builders import small_jobs, validate


def test_poison_jobs_become_records_and_the_rest_finish(tmp_path, monkeypatch):
    names = small_jobs(tmp_path, 6)
    poison = {"hang": names[0], "kill": names[1], "segv": names[2], "exit": names[3]}
    monkeypatch.setenv(POISON_ENV, ",".join(f"{action}:{name}" for action, name in poison.items()))
    jobs = [str(tmp_path / name) for name in names]
    with WorkerPool(ScanConfig(), workers=2, timeout=2.0) as pool:
        records = list(pool.run(jobs))
    assert sorted(r["source"] for r in records) == sorted(jobs)  # each job exactly once
    by_job = {r["job"]: r for r in records}
    for record in records:
        validate(record)
    assert by_job[poison["hang"]]["status"] == "timeout"
    assert "no result within 2 s" in by_job[poison["hang"]]["error"]
    assert by_job[poison["kill"]]["status"] == "crashed"
    assert "SIGKILL" in by_job[poison["kill"]]["error"]
    assert "SIGSEGV" in by_job[poison["segv"]]["error"]
    assert "Fatal Python error" in by_job[poison["segv"]]["error"]  # faulthandler's last words
    assert "exit code 3" in by_job[poison["exit"]]["error"]
    assert Counter(r["status"] for r in records)["ok"] == 2


def test_a_pool_is_reused_across_runs_and_recycles_workers(tmp_path):
    jobs = [str(tmp_path / name) for name in small_jobs(tmp_path, 4)]
    with WorkerPool(ScanConfig(), workers=1, timeout=30, max_tasks=2) as pool:
        first = list(pool.run(jobs[:3]))  # the first worker retires after two jobs
        second = list(pool.run(jobs[3:]))  # the second one is still there
    assert [r["source"] for r in first + second] == jobs  # one worker: submission order
    assert {r["status"] for r in first + second} == {"ok"}


def test_a_worker_is_sent_its_next_job_before_it_answers(tmp_path):
    jobs = [str(tmp_path / name) for name in small_jobs(tmp_path, local.QUEUED + 2)]
    in_flight = []
    with WorkerPool(ScanConfig(), workers=1, timeout=30) as pool:
        for _ in pool.run(jobs):
            in_flight.append(len(pool.workers[0].tasks) if pool.workers else 0)
    # the next jobs were already there when a record came, and the queue was topped up
    assert in_flight == [local.QUEUED - 1] * 3 + list(range(local.QUEUED - 2, -1, -1))


@pytest.mark.parametrize("action, status", [("kill", "crashed"), ("hang", "timeout")])
def test_the_job_queued_behind_a_poison_job_is_scanned_not_blamed(tmp_path, monkeypatch, action, status):
    names = small_jobs(tmp_path, 3)
    monkeypatch.setenv(POISON_ENV, f"{action}:{names[0]}")
    jobs = [str(tmp_path / name) for name in names]
    with WorkerPool(ScanConfig(), workers=1, timeout=3.0) as pool:
        records = list(pool.run(jobs))
    assert [r["source"] for r in records] == jobs  # the queued job went back first, in order
    assert [r["status"] for r in records] == [status, "ok", "ok"]


def test_a_recycled_worker_is_sent_no_job_past_its_last(tmp_path):
    jobs = [str(tmp_path / name) for name in small_jobs(tmp_path, 5)]
    with WorkerPool(ScanConfig(), workers=1, timeout=30, max_tasks=2) as pool:
        records = list(pool.run(jobs))
    assert [r["source"] for r in records] == jobs
    assert {r["status"] for r in records} == {"ok"}


def test_workers_that_cannot_start_fail_the_run(tmp_path, monkeypatch):
    jobs = [str(tmp_path / name) for name in small_jobs(tmp_path, 1)]
    monkeypatch.setattr(local, "_worker_env", lambda: {"PYTHONPATH": "/nonexistent", "PATH": "/usr/bin",
                                                       "PYTHONNOUSERSITE": "1", "PYTHONSAFEPATH": "1",
                                                       "PYTHONHOME": "/nonexistent"})
    with pytest.raises(PoolError, match="failed to start"):
        with WorkerPool(ScanConfig(), workers=1, timeout=30) as pool:
            list(pool.run(jobs))


def test_default_workers_is_every_core():
    assert local.default_workers() >= 1
