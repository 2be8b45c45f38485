"""``scan_one``: one job in, one record out, whatever the job holds.

This is the unit every engine runs (the local pool, a Dask task).  It is a plain
function of (job path, config) that reads the job in memory, analyses each script
(through the content-hash cache), classifies the failure log, and returns a
JSON-ready dict.  It never raises: our own bugs become an ``internal_error``
record.  Hangs and hard crashes cannot be caught from inside, which is why the
engines run it in a child process with a deadline.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import posixpath
import time

from shapetracer import versions
from shapetracer.rules.findings import tools_of
from shapetracer.domain.target import Target
from shapetracer.project.workspace import ARCHIVE_ROOT, Workspace

from shapetracer.jobs.archive import JobContents, Member, describe, read_job
from shapetracer.jobs.cache import ScriptCache
from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.failure import classify, pick_log
from shapetracer.jobs.records import Record, ScriptEntry, job_identity, job_status

_caches: dict[tuple[ScanConfig, str, int], ScriptCache | None] = {}


def scan_one(job_ref: str, config: ScanConfig) -> dict:
    """The record of one job (see ``schemas/scan-record-v1.schema.json``)."""
    started = time.perf_counter()
    job, source = job_identity(job_ref)
    record = Record(job=job, source=source, config_hash=_config_hash(config))
    try:
        _fill(record, os.path.abspath(os.fspath(job_ref)), config)  # the real path, not its label
    except Exception as exc:  # noqa: BLE001 - a bug of ours is a record, not a lost job
        record.status, record.error = "internal_error", describe(exc)
    record.timings["total"] = round(time.perf_counter() - started, 4)
    return record.to_dict()


def _fill(record: Record, source: str, config: ScanConfig) -> None:
    began = time.perf_counter()
    contents = read_job(source, config.caps)
    record.timings["read"] = round(time.perf_counter() - began, 4)
    record.format = contents.format
    record.refused = [r.to_dict() for r in contents.refused]
    record.archive = {"members": contents.member_count, "bytes": contents.bytes_read,
                      "refused": contents.refused_total}

    log = pick_log(contents.of_kind("log"))
    began = time.perf_counter()
    target = job_target(contents, log, config)
    record.target = {"tf_version": target.version, "keras_version": target.keras, "tf_version_source": target.source}
    cache = _cache(config, target)
    workspace = job_workspace(contents)
    for member in contents.of_kind("script"):
        entry, findings = _analyse(member, config, cache, target, workspace)
        record.scripts.append(entry)
        record.findings.extend(findings)
    record.timings["analyse"] = round(time.perf_counter() - began, 4)

    began = time.perf_counter()
    if log is not None:
        record.log = log.name
        record.failure, warning = classify(log)
        if warning:
            record.warnings.append(warning)
    record.timings["classify"] = round(time.perf_counter() - began, 4)

    record.status = job_status(contents.problem, contents.refused_total, record.scripts)
    record.error = _error(record, contents)


def _error(record: Record, contents: JobContents) -> str | None:
    if record.status == "internal_error":
        return next(s.error for s in record.scripts if s.status == "internal_error")
    if contents.error is not None:
        return contents.error
    if record.status == "refused":
        return f"{contents.refused_total} member(s) refused"
    if record.status == "empty":
        return "no Python script in the job"
    if record.status == "parse_error":
        bad = [s.path for s in record.scripts if s.status != "ok"]
        return f"cannot parse {', '.join(bad[:5])}" + (" ..." if len(bad) > 5 else "")
    return None


def job_target(contents: JobContents, log: Member | None, config: ScanConfig) -> Target:
    """The TensorFlow a job's scripts are checked against: --tf-version, else the version its
    log names (what the job ran on), else its dependency files (requirements*.txt,
    pyproject.toml, setup.py, ...; the shallowest first), else ``config.default_target()``."""
    if config.tf_version is not None:
        return config.default_target()
    files = {m.name: m.data for m in contents.of_kind("dependencies")}
    files.update({m.name: m.data for m in contents.of_kind("script") if m.name.rsplit("/", 1)[-1] == "setup.py"})
    text = log.data.decode("utf-8", "replace") if log is not None else None
    target = versions.for_job(text, files, log.name if log is not None else "job.log")
    return target if target is not None else config.default_target()


def job_workspace(contents: JobContents) -> Workspace:
    """The job's working folder as the project checks see it: every member's name, the
    dependency files' texts."""
    texts = {m.name: m.data.decode("utf-8", "replace") for m in contents.of_kind("dependencies")}
    complete = contents.problem is None and contents.refused_total == 0
    return Workspace.of_members(contents.names, texts, complete)


@functools.lru_cache(maxsize=16)
def _config_hash(config: ScanConfig) -> str:
    """``config.config_hash()``, once per config (a worker's every job has the same; a hash
    walks the options table, a few hundred microseconds)."""
    return config.config_hash()


def _cache(config: ScanConfig, target: Target) -> ScriptCache | None:
    key = (config, target.version, target.keras)  # a ScanConfig is frozen: equal ones hash alike
    if key not in _caches:
        _caches[key] = ScriptCache.for_config(config, target)
    return _caches[key]


def _analyse(member: Member, config: ScanConfig, cache: ScriptCache | None, target: Target,
             workspace: Workspace | None = None) -> tuple[ScriptEntry, list[dict]]:
    """One script's entry and findings, from the cache when its content was seen before.

    What the script's job holds (its requirements, its files) is judged after the cache,
    by the project checks alone (``engine.project_findings``): the cached analysis depends
    on the script's content only, so copies of one script in many jobs share it."""
    sha256 = hashlib.sha256(member.data).hexdigest()
    cached = cache.get(sha256) if cache is not None else None
    if cached is not None:
        result = _rebase(cached, member.name)
    else:
        result = _run_engine(member, config, target)
        if cache is not None and result["status"] != "internal_error":
            cache.put(sha256, result)
    if workspace is not None and result["status"] == "ok":
        result = {**result, "findings": result["findings"] + _project_findings(member, config, target, workspace,
                                                                                result)}
    entry = ScriptEntry(path=member.name, sha256=sha256, bytes=member.size, status=result["status"],
                        findings=len(result["findings"]), cached=cached is not None,
                        calls_modelled=result["calls_modelled"],
                        calls_not_modelled=result["calls_not_modelled"], error=result.get("error"))
    return entry, result["findings"]


def _project_findings(member: Member, config: ScanConfig, target: Target, workspace: Workspace,
                      result: dict) -> list[dict]:
    """The project checks of one script of the job (ST501, ST502); a bug of theirs makes the
    job's record an internal error, as any other of ours."""
    from shapetracer.engine import project_findings

    options = dataclasses.replace(config.engine_options(), target=target, workspace=workspace)
    return [_finding_dict(f) for f in project_findings(member.data, member.name, options,
                                                       result.get("file_reads", []))]


def _run_engine(member: Member, config: ScanConfig, target: Target) -> dict:
    from shapetracer.engine import check_source

    try:
        options = dataclasses.replace(config.engine_options(), target=target, keep_shapes=False, file_events=True)
        result = check_source(member.data, member.name, None, options)
    except Exception as exc:  # noqa: BLE001 - the engine promises not to raise; if it does, say so
        return {"path": member.name, "status": "internal_error", "findings": [], "calls_modelled": 0,
                "calls_not_modelled": 0, "error": f"{member.name}: {describe(exc)}"}
    return {"path": member.name, "status": result.status,
            "findings": [_finding_dict(f) for f in result.findings],
            "calls_modelled": result.stats.modelled, "calls_not_modelled": result.stats.not_modelled,
            "file_reads": [event.to_dict() for event in result.file_reads]}


def _finding_dict(finding) -> dict:
    """``Finding.to_dict()`` plus which generic tools reported it (the study counts them)."""
    raw = finding.to_dict()
    tools = tools_of(finding)
    if tools:
        raw["tools"] = dict(tools)
    return raw


def _rebase(cached: dict, name: str) -> dict:
    """A cached result for the same content under another member name: fix the paths."""
    old = cached.get("path")
    findings = []
    for finding in cached["findings"]:
        finding = dict(finding)
        if finding.get("path") == old:
            finding["path"] = name
        finding["related"] = [{**r, "path": name} if r.get("path") == old else r
                              for r in finding.get("related", [])]
        findings.append(finding)
    return {**cached, "path": name, "findings": findings,
            "file_reads": [_rebased_event(e, old, name) for e in cached.get("file_reads", [])]}


def _rebased_event(event: dict, old: str, name: str) -> dict:
    """A cached file access under the script's new name: its place, and a path built from
    ``__file__`` (under ARCHIVE_ROOT, beside the old name)."""
    event = {**event, "file": name if event.get("file") == old else event.get("file")}
    path = event.get("path")
    before = posixpath.join(ARCHIVE_ROOT, posixpath.dirname(old))
    if isinstance(path, str) and (path == before or path.startswith(before.rstrip("/") + "/")):
        event["path"] = posixpath.join(ARCHIVE_ROOT, posixpath.dirname(name), path[len(before):].lstrip("/"))
    return event
