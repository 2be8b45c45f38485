"""Run the study over a folder of jobs: classify, analyse, match, tabulate.

For every job (a child folder, .tar, .tar.gz or .zip of PATH, read in memory by
shapetracer.jobs.archive) the log's failure is classified (classify.py), then the
job's scripts are checked by the three static passes: shapetracer's own (the shape
engine, with its input checks), pyflakes and pylint.  pyflakes and pylint run once for
the whole study through the generic pass (one pylint linter over every job, each job
its own import root), which also tells which tool reported each finding.

A failure counts as *detected* by a tool when one of that tool's findings has the
failure's category and points at the failing file and line, or names that line among
its related lines (a shape finding's core).
"""

from __future__ import annotations

import json
import os
import tarfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from shapetracer.rules.findings import Finding, tools_of
from shapetracer.domain.target import Target
from shapetracer.study.classify import classify_log
from shapetracer.study.taxonomy import CATEGORIES, PUBLISHED_HEADLINE, PYTHON, TOOLS, finding_category, group

MAX_META_BYTES = 64 * 1024


@dataclass
class Job:
    """One job as read: its scripts (job-relative names), log and optional labels."""

    name: str
    path: str
    scripts: dict[str, str]
    log: str
    meta: dict | None = None
    root: Path | None = None  # the folder on disk, when the job is a folder
    problem: str | None = None
    dependencies: dict[str, str] = field(default_factory=dict)  # requirements*.txt, setup.py, ... by name
    members: list[str] = field(default_factory=list)  # every member's name (data files, folders), job-relative
    complete: bool = True  # every member's name was read (the project checks judge only then)


@dataclass
class Outcome:
    job: str
    category: str
    exception: str | None
    message: str
    file: str | None
    line: int | None
    detected_by: list[str] = field(default_factory=list)
    labels_agree: bool | None = None  # None when the job has no job.json
    target: dict | None = None  # the TensorFlow the scripts were checked against, and why

    def to_dict(self) -> dict:
        return {"job": self.job, "category": self.category, "exception": self.exception, "file": self.file,
                "line": self.line, "detected_by": self.detected_by, "message": self.message,
                "labels_agree": self.labels_agree, "target": self.target}


# --- reading jobs ----------------------------------------------------------------------------

def read_jobs(path: str | os.PathLike) -> list[Job]:
    from shapetracer.jobs.archive import read_job
    from shapetracer.jobs.config import Caps
    from shapetracer.jobs.discover import discover

    jobs = []
    for reference in discover([path]):
        contents = read_job(reference, Caps())
        names = _strip_common_folder(list(contents.members))
        scripts = {names[n]: _text(m.data) for n, m in contents.members.items() if m.kind == "script"}
        logs = {names[n]: m for n, m in contents.members.items() if m.kind == "log"}
        log = _pick_log(logs)
        dependencies = {names[n]: _text(m.data) for n, m in contents.members.items()
                        if m.kind == "dependencies" or (m.kind == "script" and n.rsplit("/", 1)[-1] == "setup.py")}
        name = os.path.basename(reference.rstrip("/"))
        for suffix in (".tar.gz", ".tgz", ".tar", ".zip"):
            if name.endswith(suffix):
                name = name[: -len(suffix)]
        root = Path(reference) if os.path.isdir(reference) else None
        members = list(_strip_common_folder(contents.names).values())
        jobs.append(Job(name, reference, scripts, log, _read_meta(reference), root, contents.problem,
                        dependencies, members, contents.problem is None and contents.refused_total == 0))
    return jobs


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _strip_common_folder(names: list[str]) -> dict[str, str]:
    """Archives often hold ``job-x/train.py``: name files relative to that folder."""
    parts = [n.split("/") for n in names]
    if parts and all(len(p) > 1 for p in parts) and len({p[0] for p in parts}) == 1:
        return {n: "/".join(p[1:]) for n, p in zip(names, parts)}
    return {n: n for n in names}


def _pick_log(logs: dict) -> str:
    if not logs:
        return ""
    for preferred in ("job.log", "stderr.log", "stdout.log"):
        if preferred in logs:
            return _text(logs[preferred].data)
    return _text(max(logs.values(), key=lambda m: m.size).data)


def _read_meta(reference: str) -> dict | None:
    """job.json, when the job has one (optional: the classifier decides without it)."""
    try:
        if os.path.isdir(reference):
            target = Path(reference) / "job.json"
            data = target.read_bytes()[:MAX_META_BYTES] if target.is_file() else None
        elif reference.endswith(".zip"):
            with zipfile.ZipFile(reference) as archive:
                member = next((i for i in archive.infolist() if i.filename.rsplit("/", 1)[-1] == "job.json"
                               and i.filename.count("/") <= 1 and i.file_size <= MAX_META_BYTES), None)
                data = archive.read(member) if member else None
        else:
            with tarfile.open(reference) as archive:
                member = next((i for i in archive if i.isfile() and i.name.rsplit("/", 1)[-1] == "job.json"
                               and i.name.strip("./").count("/") <= 1 and i.size <= MAX_META_BYTES), None)
                data = archive.extractfile(member).read() if member else None
        return json.loads(data) if data else None
    except (OSError, ValueError, tarfile.TarError, zipfile.BadZipFile, KeyError, StopIteration):
        return None


# --- static passes ---------------------------------------------------------------------------

def job_target(job: Job) -> Target:
    """The TensorFlow a job's scripts are checked against: the version its log prints (what
    it ran on), else the one its dependency files pin, else the installed one or the newest
    (as ``scan`` decides: ``versions.for_job``)."""
    from shapetracer import versions

    return versions.for_job(job.log, job.dependencies) or versions.fallback()


def shape_findings(job: Job, target: Target | None = None) -> dict[str, list[Finding]]:
    """shapetracer's own pass per script (file names are job-relative), against ``target``
    (default: ``job_target(job)``)."""
    from dataclasses import replace

    from shapetracer.engine import Options, check_source
    from shapetracer.versions.log import device_memory

    options = Options(generic=False, target=target or job_target(job), keep_shapes=False,
                      workspace=job_workspace(job))
    memory = device_memory(job.log) if job.log else None
    if memory is not None:  # judged against the accelerator the job had, not the largest on sale
        options = replace(options, bounds=replace(options.bounds, device_memory=memory))
    results = {}
    for name, text in sorted(job.scripts.items()):
        file = job.root / name if job.root is not None else None
        results[name] = check_source(text.encode("utf-8"), name, file, options).findings
    return results


def job_workspace(job: Job):
    """The job's working folder for the project checks: the folder on disk, else the
    archive's member names and dependency files."""
    from shapetracer.project.workspace import Workspace

    if job.root is not None:
        return Workspace.of_folder(job.root)
    return Workspace.of_members(job.members, job.dependencies, job.complete, strip=False)


def generic_findings(jobs: list[Job], with_pylint: bool = True) -> dict[str, dict[str, list[Finding]]]:
    """pyflakes and pylint over every script of the study at once: job -> file -> findings."""
    from shapetracer.generic import generic_findings_many

    virtual: dict[str, tuple[str, str]] = {}
    sources: dict[str, str] = {}
    for index, job in enumerate(jobs):
        base = str(job.root.resolve()) if job.root is not None else f"{os.path.abspath(job.path)}.d{index}"
        for name, text in job.scripts.items():
            path = os.path.join(base, name)
            virtual[path] = (job.name, name)
            sources[path] = text
    found = generic_findings_many(sources, with_pylint) if sources else {}
    out: dict[str, dict[str, list[Finding]]] = {job.name: {} for job in jobs}
    for path, findings in found.items():
        job_name, name = virtual[path]
        out[job_name][name] = findings
    return out


# --- matching --------------------------------------------------------------------------------

def detecting_tools(category: str, file: str | None, line: int | None, job: Job,
                    shape: dict[str, list[Finding]], generic: dict[str, list[Finding]]) -> list[str]:
    """The tools with a finding of the failure's category at the failing line (or core)."""
    if file is None or line is None or category in ("environment", "unknown"):
        return []
    tools: set[str] = set()
    for findings in shape.values():
        if any(_matches(f, category, file, line, job) for f in findings):
            tools.add("shapetracer")
    for findings in generic.values():
        for finding in findings:
            if _matches(finding, category, file, line, job):
                tools.update(t for t in tools_of(finding) if t in TOOLS)
    return [t for t in TOOLS if t in tools]


def _matches(finding: Finding, category: str, file: str, line: int, job: Job) -> bool:
    if finding_category(finding.category) != category:
        return False
    places = [(finding.path, finding.line)] + [(r.path, r.line) for r in finding.related]
    return any(at == line and _same_file(path, file, job) for path, at in places)


def _same_file(path: str, name: str, job: Job) -> bool:
    path = path.replace("\\", "/")
    if path == name or path.endswith("/" + name):
        return True
    if job.root is not None:
        try:
            return Path(path).resolve() == (job.root / name).resolve()
        except OSError:
            return False
    return False


# --- the study -------------------------------------------------------------------------------

@dataclass
class Study:
    outcomes: list[Outcome]
    seconds: float
    labelled: int
    agreeing: int

    def categories(self) -> list[dict]:
        total = len(self.outcomes)
        rows = []
        for category in CATEGORIES:
            members = [o for o in self.outcomes if o.category == category]
            if not members:
                continue
            row = {"category": category, "group": group(category), "count": len(members),
                   "share": round(len(members) / total, 4) if total else 0.0}
            for tool in TOOLS:
                row[tool] = sum(tool in o.detected_by for o in members)
            row["any"] = sum(bool(o.detected_by) for o in members)
            rows.append(row)
        return rows

    def headline(self) -> dict:
        """The share of the top three Python categories that static checks detect."""
        rows = sorted((r for r in self.categories() if r["category"] in PYTHON), key=lambda r: -r["count"])[:3]
        count = sum(r["count"] for r in rows)
        detected = sum(r["any"] for r in rows)
        return {"top_python_categories": [r["category"] for r in rows], "failures": count, "detected": detected,
                "percent": round(100.0 * detected / count, 2) if count else 0.0,
                "published_percent": PUBLISHED_HEADLINE}

    def to_dict(self) -> dict:
        total = len(self.outcomes)
        detected = sum(bool(o.detected_by) for o in self.outcomes)
        return {
            "schema_version": 1,
            "jobs": [o.to_dict() for o in self.outcomes],
            "categories": self.categories(),
            "headline": self.headline(),
            "totals": {"jobs": total, "detected_by_any": detected,
                       **{tool: sum(tool in o.detected_by for o in self.outcomes) for tool in TOOLS},
                       "labelled_jobs": self.labelled, "labels_agree": self.agreeing},
            "seconds": round(self.seconds, 1),
        }


def run_study(path: str | os.PathLike, with_pylint: bool = True,
              progress: Callable[[str], None] | None = None) -> Study:
    started = time.perf_counter()
    say = progress or (lambda message: None)
    jobs = read_jobs(path)
    say(f"{len(jobs)} jobs read; running pyflakes and pylint over {sum(len(j.scripts) for j in jobs)} scripts")
    generic = generic_findings(jobs, with_pylint)
    outcomes = []
    labelled = agreeing = 0
    for index, job in enumerate(jobs, 1):
        failure = classify_log(job.log, set(job.scripts)) or {"category": "unknown", "exception": None,
                                                              "message": "", "file": None, "line": None}
        target = job_target(job)
        shape = shape_findings(job, target)
        tools = detecting_tools(failure["category"], failure["file"], failure["line"], job, shape,
                                generic.get(job.name, {}))
        agree = None
        if job.meta is not None:
            labelled += 1
            agree = all(job.meta.get(k) == failure[k] for k in ("category", "exception", "file", "line"))
            agreeing += agree
        outcomes.append(Outcome(job.name, failure["category"], failure["exception"], failure["message"],
                                failure["file"], failure["line"], tools, agree,
                                {"tf_version": target.version, "keras_version": target.keras,
                                 "tf_version_source": target.source}))
        if index % 25 == 0:
            say(f"{index}/{len(jobs)} jobs analysed")
    return Study(outcomes, time.perf_counter() - started, labelled, agreeing)
