"""The Dask engine against a real local cluster (skipped when ``distributed`` is missing)."""

from __future__ import annotations

import logging
from collections import Counter

import pytest

distributed = pytest.importorskip("distributed")

from shapetracer.jobs.config import ScanConfig  # noqa: E402
from shapetracer.jobs.dask_engine import EngineError, batch_size_for, run_dask  # noqa: E402
from shapetracer.jobs.runner import run_scan  # noqa: E402
from shapetracer.jobs.worker import POISON_ENV  # noqa: E402

from .builders import read_records, small_jobs, validate  # noqa: E402


def _comparable(records: list[dict]) -> list[tuple]:
    return sorted((r["source"], r["status"], str(r["findings"]), str(r["scripts"])) for r in records)


def test_dask_engine_on_a_running_cluster_gives_the_same_records(tmp_path, monkeypatch):
    root = tmp_path / "jobs"
    names = small_jobs(root, 7)
    monkeypatch.setenv(POISON_ENV, f"segv:{names[4]}")  # inherited by the cluster's workers
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        outcome = run_scan([root], tmp_path / "dask.jsonl", ScanConfig(), engine="dask",
                           scheduler=cluster.scheduler_address, batch_size=2, timeout=30, progress=False)
    assert outcome.scanned == 7
    dask_records = read_records(tmp_path / "dask.jsonl")
    for record in dask_records:
        validate(record)
    statuses = {r["job"]: r["status"] for r in dask_records}
    assert statuses.pop(names[4]) == "crashed"  # isolated inside the task: the batch-mate survived
    assert set(statuses.values()) == {"ok"}

    monkeypatch.delenv(POISON_ENV)
    run_scan([root], tmp_path / "local.jsonl", ScanConfig(), workers=1, progress=False)
    local_records = [r for r in read_records(tmp_path / "local.jsonl") if r["job"] != names[4]]
    assert _comparable([r for r in dask_records if r["job"] != names[4]]) == _comparable(local_records)


def test_dask_engine_without_a_scheduler_starts_a_local_cluster_and_resumes(tmp_path):
    root = tmp_path / "jobs"
    names = small_jobs(root, 5)
    output = tmp_path / "results.jsonl"
    run_scan([root / names[1]], output, ScanConfig(), progress=False)  # one job (an archive) already recorded
    outcome = run_scan([root], output, ScanConfig(), engine="dask", workers=1, timeout=30, progress=False)
    assert (outcome.skipped, outcome.scanned) == (1, 4)
    assert Counter(r["job"] for r in read_records(output)) == Counter(names)


def test_unreachable_scheduler_fails_the_run():
    with pytest.raises(EngineError, match="cannot reach the Dask scheduler"):
        list(run_dask(["/nonexistent"], ScanConfig(), scheduler="tcp://127.0.0.1:9", connect_timeout=1))


def test_batches_are_small_enough_to_spread_and_large_enough_to_amortise():
    assert batch_size_for(12_289, 2) == 100
    assert batch_size_for(40, 2) == 5
    assert batch_size_for(3, 8) == 1
