"""The Dask engine: the same ``scan_one`` past one machine (``pip install shapetracer[dask]``).

``--engine dask --scheduler tcp://host:8786`` uses an existing cluster; without a
scheduler a ``LocalCluster`` is started, so the same command works on a laptop.

Design, after the usual pitfalls of batch analysis on a cluster:
- Jobs go in *batches* (one Dask task per batch), not one task per job: millions of
  tiny tasks swamp the scheduler.  At most a few batches per worker thread are in
  flight (backpressure), and results are taken as they complete.
- Only paths travel: workers read the archives themselves, so the PATHs must be
  visible at the same place on every worker (a shared file system).
- Crash isolation stays *inside* the task: each Dask worker thread keeps a
  one-process ``WorkerPool`` (the local engine), so a hanging or segfaulting job
  becomes a ``timeout``/``crashed`` record instead of a ``KilledWorker`` that takes
  the whole batch (and, after retries, the scan) down with it.
- Records come back to the driver, which appends them to the one output file: a
  run killed and rerun resumes exactly like a local one.  A batch whose task failed
  anyway becomes ``crashed`` records; a lost connection fails the run (exit 2)
  without recording, so a rerun retries those jobs.
"""

from __future__ import annotations

import logging
import threading
import uuid
from typing import Iterator, Sequence

from shapetracer.jobs.archive import describe
from shapetracer.jobs.config import MAX_TASKS, ScanConfig
from shapetracer.jobs.local import WorkerPool
from shapetracer.jobs.records import failed_record

INSTALL_HINT = "the dask engine needs the optional extra: pip install 'shapetracer[dask]'"
IN_FLIGHT_PER_THREAD = 3

_local = threading.local()


class EngineError(Exception):
    """The cluster cannot be used or was lost: the run fails (exit 2)."""


def scan_batch(jobs: Sequence[str], config_json: str, timeout: float | None, max_tasks: int) -> list[dict]:
    """A Dask task: the records of a batch of jobs, each isolated in a child process.

    The child pool is kept per worker thread between batches (starting one costs
    about half a second of imports); it dies with the Dask worker.
    """
    key = (config_json, timeout, max_tasks)
    pool = getattr(_local, "pool", None)
    if pool is None or _local.key != key:
        if pool is not None:
            pool.close()
        pool = WorkerPool(ScanConfig.from_json(config_json), workers=1, timeout=timeout, max_tasks=max_tasks)
        _local.pool, _local.key = pool, key
    return list(pool.run(jobs))


def batch_size_for(jobs: int, threads: int) -> int:
    """Batches of 1-100 jobs, at least ~4 per thread so the tail evens out."""
    return max(1, min(100, jobs // max(1, 4 * threads)))


def run_dask(jobs: Sequence[str], config: ScanConfig, *, scheduler: str | None = None,
             workers: int | None = None, timeout: float | None = 60.0, batch_size: int | None = None,
             max_tasks: int = MAX_TASKS, connect_timeout: float = 30.0) -> Iterator[dict]:
    """Records of ``jobs`` computed on a Dask cluster, in completion order."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise EngineError(INSTALL_HINT) from exc
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout=connect_timeout)
        else:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
    except (OSError, TimeoutError, ValueError) as exc:
        if cluster is not None:
            cluster.close()
        raise EngineError(f"cannot reach the Dask scheduler {scheduler or '(local)'}: {describe(exc)}") from exc
    try:
        yield from _stream(client, as_completed, jobs, config, timeout, batch_size, max_tasks)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _stream(client, as_completed, jobs: Sequence[str], config: ScanConfig, timeout: float | None,
            batch_size: int | None, max_tasks: int) -> Iterator[dict]:
    threads = max(1, sum(client.nthreads().values()))
    size = batch_size or batch_size_for(len(jobs), threads)
    batches = [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]
    token = uuid.uuid4().hex[:12]
    config_json, config_hash = config.to_json(), config.config_hash()
    waiting = iter(enumerate(batches))
    in_flight: dict[str, list[str]] = {}

    def submit() -> object | None:
        item = next(waiting, None)
        if item is None:
            return None
        index, batch = item
        future = client.submit(scan_batch, batch, config_json, timeout, max_tasks,
                               key=f"shapetracer-scan-{token}-{index}", pure=False, retries=0)
        in_flight[future.key] = batch
        return future

    first = [f for f in (submit() for _ in range(IN_FLIGHT_PER_THREAD * threads)) if f is not None]
    queue = as_completed(first)
    for future in queue:
        batch = in_flight.pop(future.key)
        yield from _batch_records(future, batch, config_hash)
        future.release()
        following = submit()
        if following is not None:
            queue.add(following)


def _batch_records(future, batch: list[str], config_hash: str) -> list[dict]:
    if future.status == "finished":
        return future.result()
    if future.status == "error":
        reason = f"the Dask task for this job's batch failed: {describe(future.exception())}"
        return [failed_record(job, "crashed", reason, config_hash) for job in batch]
    raise EngineError(f"lost a Dask task ({future.status}); rerun with the same --output to finish")
