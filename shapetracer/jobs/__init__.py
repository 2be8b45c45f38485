"""Batch scan of job archives: one JSON record per job, on every core or on a Dask cluster.

A *job* is a folder, a tar (optionally gzip/bz2/xz-compressed) or a zip holding the
scripts of one training run and the log of its failure.  The pieces, in data-flow
order:

- ``discover``: PATH arguments -> job references (absolute paths).
- ``archive`` (+ ``names``): one job -> its scripts and logs, read in memory under caps.
- ``job.scan_one``: one job -> one record (never raises); ``cache`` skips scripts
  already analysed, ``failure`` picks the log and asks the study's classifier.
- ``records``: the record and its JSON line (schema: schemas/scan-record-v1.schema.json).
- ``local`` (+ ``worker``) / ``dask_engine``: run ``scan_one`` on many jobs with a time
  budget and crash isolation per job.
- ``resume``: the JSON Lines output, appended durably and read back to skip jobs.
- ``runner``: ties the above together for the CLI (``cli_scan.scan``) and the bench;
  ``progress`` reports on stderr.
"""

from __future__ import annotations

from shapetracer.jobs.config import Caps, ScanConfig

__all__ = ["Caps", "ScanConfig", "scan_one"]


def __getattr__(name: str):
    # ``scan_one`` pulls in the whole analysis engine (Z3, libcst); the scan's parent
    # process only dispatches work and should not pay for that import.
    if name == "scan_one":
        from shapetracer.jobs.job import scan_one

        return scan_one
    raise AttributeError(name)
