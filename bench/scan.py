"""Throughput of ``shapetracer scan`` on job archives built from the corpus's failed jobs.

    python bench/scan.py [--jobs N] [--no-dask] [--keep DIR] [--runs one,every,dask,cache]

``--jobs 12289`` times the study's whole batch end to end on every core (that one scan
only, unless ``--runs`` asks for more; smaller batches run all four by default).

Builds N distinct jobs (a mix of folders, .tar.gz and .zip): job k takes the scripts and
the real failure log of one of corpus/jobs' failed jobs (k modulo their number), varied so
that no two jobs are alike: each script and the log carry the job's own header, a third of
the jobs add one or two programs of the shape corpus beside their scripts, and the log's
timestamps are the job's own.  No script is a copy of another's, so the content cache
cannot help a cold run.  Then it scans them through the real scan path
(``runner.run_scan``: pool, records, fsync per record) with 1 worker, with every core, with
the Dask engine on a local cluster, and on every core with a cold and a warm cache.  For
each run it prints the wall time, jobs/s, CPU per job (the workers' and the parent's), how
many cores the run kept busy on average, the load average before and after (other programs
share the cores and inflate the wall time), the wall time projected on idle cores, the
largest resident memory of any worker (``ru_maxrss`` of the reaped workers), and checks that
the output holds exactly one record per job.  Building the jobs is not timed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import resource
import shutil
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shapetracer.jobs.config import ScanConfig  # noqa: E402
from shapetracer.jobs.local import default_workers  # noqa: E402
from shapetracer.jobs.runner import run_scan  # noqa: E402

STUDY_JOBS = 12_289


def corpus_programs() -> list[tuple[str, bytes]]:
    programs = sorted((ROOT / "corpus" / "shape").rglob("*.py"))
    if not programs:
        raise SystemExit("no .py files under corpus/shape")
    return [(p.name, p.read_bytes()) for p in programs]


def corpus_jobs() -> list[dict[str, bytes]]:
    """The failed jobs of corpus/jobs: each one's scripts and log, by member name."""
    jobs = []
    for folder in sorted((ROOT / "corpus" / "jobs").iterdir()):
        if folder.is_dir():
            members = {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
                       if p.is_file() and p.name != "job.json"}
            if any(name.endswith(".py") for name in members):
                jobs.append(members)
    if not jobs:
        raise SystemExit("no jobs under corpus/jobs")
    return jobs


_FRAME_LINE = re.compile(rb'(File "[^"]*", line )(\d+)')  # a traceback frame: its line moves with the header
_STAMP = re.compile(rb"\b(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})")


def job_files(index: int, bases: list[dict[str, bytes]], programs: list[tuple[str, bytes]],
              rng: random.Random) -> dict[str, bytes]:
    """Job ``index``: a corpus job's scripts and log made its own (see the module docstring)."""
    base = bases[index % len(bases)]
    header = f"# job {index:05d} (from corpus job {index % len(bases)}, round {index // len(bases)})\n".encode()
    files = {}
    for name, data in base.items():
        if name.endswith(".py"):
            files[name] = header + data  # one line longer: the log's frames move with it
        else:
            stamp = f"2019-{1 + index % 12:02d}-{1 + index % 28:02d} {index % 24:02d}:{index % 60:02d}:00".encode()
            moved = _FRAME_LINE.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1).encode(), data)
            files[name] = _STAMP.sub(stamp, header + moved)
    if index % 3 == 0:
        for name, data in rng.sample(programs, rng.randint(1, 2)):
            files[f"extra/{name}"] = header + data
    return files


def build_jobs(directory: Path, count: int, seed: int = 7) -> None:
    """``count`` distinct jobs, as folders, .tar.gz and .zip in turn."""
    rng = random.Random(seed)
    programs = corpus_programs()
    bases = corpus_jobs()
    directory.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        files = job_files(index, bases, programs, rng)
        kind = index % 3
        if kind == 0:
            for member, data in files.items():
                target = directory / f"job_{index:05d}" / member
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        elif kind == 1:
            with tarfile.open(directory / f"job_{index:05d}.tar.gz", "w:gz") as archive:
                for member, data in files.items():
                    info = tarfile.TarInfo(member)
                    info.size = len(data)
                    archive.addfile(info, io.BytesIO(data))
        else:
            with zipfile.ZipFile(directory / f"job_{index:05d}.zip", "w", zipfile.ZIP_DEFLATED) as archive:
                for member, data in files.items():
                    archive.writestr(member, data)


def _cpu(extra_pids: tuple[int, ...] = ()) -> tuple[float, float]:
    """CPU seconds (user + system) of this process, and of its reaped descendants (the
    pool's workers, reaped when the pool closes) with the live process trees of
    ``extra_pids`` (Dask workers and the analysis processes they keep)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    parent, total = own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime
    if extra_pids:
        import psutil

        for pid in extra_pids:
            try:
                root = psutil.Process(pid)
                processes = [root, *root.children(recursive=True)]
            except psutil.NoSuchProcess:
                continue
            for process in processes:
                try:
                    times = process.cpu_times()
                except psutil.NoSuchProcess:
                    continue
                total += times.user + times.system
    return parent, total


def measure(label: str, jobs_dir: Path, work: Path, count: int, pids: tuple[int, ...] = (), **options) -> float:
    """Scan once; print wall-clock jobs/s, CPU per job, and both projections for 12,289 jobs.

    CPU-seconds per job times 12,289 divided by the cores is the time on an
    otherwise idle machine with perfect scaling; on a busy machine it is the more
    telling figure (though a crowded host inflates CPU time too).
    """
    output = work / f"{label.replace(' ', '_').replace(',', '')}.jsonl"
    config = ScanConfig(cache_dir=options.pop("cache_dir", None))
    load = os.getloadavg()[0]
    (parent_before, workers_before), started = _cpu(pids), time.perf_counter()
    outcome = run_scan([jobs_dir], output, config, progress=False, **options)
    seconds = time.perf_counter() - started
    parent_after, workers_after = _cpu(pids)
    parent_cpu, workers_cpu = parent_after - parent_before, workers_after - workers_before
    cpu = parent_cpu + workers_cpu
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux: every worker so far
    rate = outcome.scanned / seconds
    workers = options.get("workers") or default_workers()
    records = [json.loads(line) for line in output.read_text().splitlines()]
    sources = [r["source"] for r in records]
    assert len(sources) == len(set(sources)) == count, \
        f"{len(sources)} records for {count} jobs ({len(sources) - len(set(sources))} repeated)"
    scripts = [s for record in records for s in record["scripts"]]
    hits = sum(s["cached"] for s in scripts)
    cache = f" cache hits {100 * hits / max(1, len(scripts)):.0f}%" if config.cache_dir else ""
    statuses = ", ".join(f"{k} {v}" for k, v in outcome.statuses.most_common())
    print(f"{label:34} {outcome.scanned:6d} jobs {seconds:7.1f} s {rate:7.1f} jobs/s -> 12,289 in "
          f"{STUDY_JOBS / rate / 60:5.1f} min | CPU {1000 * cpu / outcome.scanned:5.0f} ms/job -> "
          f"{STUDY_JOBS * cpu / outcome.scanned / workers / 60:5.1f} min on {workers} idle core(s) "
          f"| worker peak RSS {peak_mb:.0f} MB | load {load:.1f} [{statuses}]{cache} | one record per job: yes",
          flush=True)
    print(f"{'':34} wall {seconds:.1f} s | CPU {cpu:.1f} s: workers {1000 * workers_cpu / outcome.scanned:.1f} "
          f"ms/job, parent {1000 * parent_cpu / outcome.scanned:.2f} ms/job | {cpu / seconds:.2f} of "
          f"{workers} core(s) busy on average | load average {load:.1f} before, {os.getloadavg()[0]:.1f} after "
          f"| on {workers} idle core(s): {cpu / workers:.1f} s ({STUDY_JOBS * cpu / outcome.scanned / workers:.0f} s "
          f"for 12,289 jobs)", flush=True)
    assert outcome.scanned == count, "every job must have a record"
    return rate


def measure_dask(jobs_dir: Path, work: Path, count: int, workers: int) -> None:
    """The Dask engine on a LocalCluster started here, reached through its address
    (the ``--scheduler`` path), so the workers' CPU can be read before they exit."""
    import logging

    import distributed

    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        with distributed.Client(cluster) as client:
            pids = tuple(client.run(os.getpid).values())
        measure(f"dask LocalCluster, {workers} workers", jobs_dir, work, count, pids=pids, engine="dask",
                scheduler=cluster.scheduler_address, workers=workers)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", "--jobs-count", dest="jobs_count", type=int, default=1200,
                        help="how many jobs to build and scan (12289: the study's batch)")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--keep", type=Path, help="build the jobs here and keep them")
    parser.add_argument("--runs", help="which scans to time: one (1 worker), every (every core), dask, cache (cold "
                                           "and warm); default: all four, or every alone for 12,289 jobs or more")
    args = parser.parse_args(argv)
    runs = set((args.runs or ("every" if args.jobs_count >= STUDY_JOBS else "one,every,dask,cache")).split(","))

    work = Path(tempfile.mkdtemp(prefix="shapetracer-bench-"))
    jobs_dir = args.keep or work / "jobs"
    try:
        started = time.perf_counter()
        if not jobs_dir.exists():
            build_jobs(jobs_dir, args.jobs_count)
        print(f"built {args.jobs_count} jobs from {len(corpus_jobs())} corpus jobs and {len(corpus_programs())} "
              f"shape programs in "
              f"{time.perf_counter() - started:.1f} s; cores: {default_workers()}; "
              f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
        cores = default_workers()
        one = measure("local, 1 worker", jobs_dir, work, args.jobs_count, workers=1) if "one" in runs else None
        every = measure(f"local, {cores} workers", jobs_dir, work, args.jobs_count, workers=cores) \
            if "every" in runs else None
        if one and every:
            print(f"{'scaling 1 -> ' + str(cores) + ' workers':28} x{every / one:.2f}")
        if not args.no_dask and "dask" in runs:
            try:
                import distributed  # noqa: F401
                import psutil  # noqa: F401  (comes with distributed)
            except ImportError:
                print("dask: not installed (pip install 'shapetracer[dask]')")
            else:
                measure_dask(jobs_dir, work, args.jobs_count, cores)
        if "cache" in runs:
            cache = work / "cache"
            measure("cache: cold", jobs_dir, work, args.jobs_count, workers=cores, cache_dir=str(cache))
            measure("cache: warm", jobs_dir, work, args.jobs_count, workers=cores, cache_dir=str(cache))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
