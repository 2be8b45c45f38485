"""One scan, start to finish: find jobs, skip recorded ones, run an engine, write records.

Shared by the ``scan`` command and ``bench/scan.py``.  The output file is the only
state: what is in it is done, everything else is to do, so any interruption is
resumed by running the same command again.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator, TextIO

from shapetracer.jobs.config import MAX_TASKS, ScanConfig
from shapetracer.jobs.discover import DiscoveryError, discover
from shapetracer.jobs.progress import Progress
from shapetracer.jobs.records import failed_record, job_identity
from shapetracer.jobs.resume import ResultsFile, ResumeError, StreamResults, results_for

ENGINES = ("local", "dask")


class ScanError(Exception):
    """The run itself failed (bad PATH, unusable output, engine down): exit 2."""


@dataclass
class ScanOutcome:
    jobs: int = 0  # found under the PATHs
    skipped: int = 0  # already in the output
    scanned: int = 0  # recorded by this run
    statuses: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    repaired_bytes: int = 0  # a torn last line cut off the output

    def summary(self) -> str:
        counts = ", ".join(f"{status} {count}" for status, count in self.statuses.most_common()) or "nothing to do"
        rate = self.scanned / self.seconds if self.seconds > 0 else 0.0
        return (f"scanned {self.scanned} job(s) in {self.seconds:.1f}s ({rate:.1f} jobs/s; "
                f"{self.skipped} already recorded): {counts}")


def run_scan(paths: Iterable[str | os.PathLike], output: str | os.PathLike, config: ScanConfig, *,
             workers: int | None = None, timeout: float | None = 60.0, engine: str = "local",
             scheduler: str | None = None, batch_size: int | None = None, max_tasks: int = MAX_TASKS,
             progress: bool = True, stream: TextIO | None = None) -> ScanOutcome:
    started = time.monotonic()
    try:
        jobs = discover(paths)
    except DiscoveryError as exc:
        raise ScanError(str(exc)) from exc
    try:
        with results_for(output, config.config_hash()) as results:
            outcome = _scan_into(results, jobs, config, progress, stream, engine, workers, timeout,
                                 scheduler, batch_size, max_tasks)
    except ResumeError as exc:
        raise ScanError(str(exc)) from exc
    outcome.seconds = time.monotonic() - started
    return outcome


def _scan_into(results: "ResultsFile | StreamResults", jobs: list[str], config: ScanConfig, progress: bool,
               stream: TextIO | None, engine: str, workers: int | None, timeout: float | None,
               scheduler: str | None, batch_size: int | None, max_tasks: int) -> ScanOutcome:
    done = results.existing.done
    todo = [job for job in jobs if job_identity(job)[1] not in done]
    outcome = ScanOutcome(jobs=len(jobs), skipped=len(jobs) - len(todo), repaired_bytes=results.existing.torn_bytes)
    meter = Progress(len(todo), stream, skipped=outcome.skipped, enabled=progress)
    if todo:
        records = _engine(engine, todo, config, workers, timeout, scheduler, batch_size, max_tasks)
        for record in _complete(records, todo, config):
            if record["source"] in done:
                continue  # never twice, whatever an engine does
            results.append(record)
            outcome.scanned += 1
            outcome.statuses[record["status"]] += 1
            meter.update(record["status"])
    meter.finish()
    return outcome


def _engine(engine: str, jobs: list[str], config: ScanConfig, workers: int | None, timeout: float | None,
            scheduler: str | None, batch_size: int | None, max_tasks: int) -> Iterator[dict]:
    if engine == "local":
        from shapetracer.jobs.local import PoolError, WorkerPool

        try:
            with WorkerPool(config, workers=workers, timeout=timeout, max_tasks=max_tasks) as pool:
                yield from pool.run(jobs)
        except PoolError as exc:
            raise ScanError(str(exc)) from exc
    elif engine == "dask":
        from shapetracer.jobs.dask_engine import EngineError, run_dask

        try:
            yield from run_dask(jobs, config, scheduler=scheduler, workers=workers, timeout=timeout,
                                batch_size=batch_size, max_tasks=max_tasks)
        except EngineError as exc:
            raise ScanError(str(exc)) from exc
    else:
        raise ScanError(f"unknown engine {engine!r} (choose from {', '.join(ENGINES)})")


def _complete(records: Iterator[dict], jobs: list[str], config: ScanConfig) -> Iterator[dict]:
    """Pass records through, then make one for any job an engine forgot.

    Engines return one record per job by construction; this is the backstop that
    makes "every job exactly once" hold even for an engine bug.
    """
    missing = {job_identity(job)[1]: job for job in jobs}
    for record in records:
        missing.pop(record.get("source"), None)
        yield record
    for job in missing.values():
        yield failed_record(job, "crashed", "the engine returned no record for this job", config.config_hash())
