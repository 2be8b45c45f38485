"""`shapetracer study` end to end on a few corpus jobs (folders and archives)."""

from __future__ import annotations

import json
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from shapetracer.study.cli import study

JOBS = Path(__file__).resolve().parents[2] / "corpus" / "jobs"


def _job(recipe: str) -> Path:
    for job in sorted(JOBS.iterdir()):
        meta = job / "job.json"
        if meta.exists() and json.loads(meta.read_text())["recipe"] == recipe:
            return job
    raise LookupError(recipe)


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    """Six jobs: two folders, a .tar.gz, a .tar, a .zip, and one archive without job.json."""
    root = tmp_path_factory.mktemp("study")
    jobs = root / "jobs"
    jobs.mkdir()
    shutil.copytree(_job("typo-feed"), jobs / "typo")
    shutil.copytree(_job("cnn-flatten-fc"), jobs / "flatten")
    with tarfile.open(jobs / "missing-import.tar.gz", "w:gz") as archive:
        archive.add(_job("no-import-np-model"), arcname="missing-import")
    with tarfile.open(jobs / "killed.tar", "w") as archive:
        archive.add(_job("oom-killer-keras"), arcname=".")
    with zipfile.ZipFile(jobs / "kwarg.zip", "w") as archive:
        for file in _job("kw-build").iterdir():
            archive.write(file, file.name)
    with zipfile.ZipFile(jobs / "unlabelled.zip", "w") as archive:
        for file in _job("xrange").iterdir():
            if file.name != "job.json":
                archive.write(file, f"unlabelled/{file.name}")
    out = root / "out"
    run = CliRunner().invoke(study, [str(jobs), "--output-dir", str(out)])
    assert run.exit_code == 0, run.output
    return json.loads((out / "study.json").read_text()), out, run


def test_study_json_structure(result):
    data, _, _ = result
    assert {"jobs", "categories", "headline", "totals"} <= set(data)
    assert len(data["jobs"]) == 6
    for job in data["jobs"]:
        assert {"job", "category", "exception", "file", "line", "detected_by"} <= set(job)
        assert set(job["detected_by"]) <= {"pyflakes", "pylint", "shapetracer"}
    for row in data["categories"]:
        assert {"category", "count", "share", "pyflakes", "pylint", "shapetracer", "any"} <= set(row)
        assert max(row["pyflakes"], row["pylint"], row["shapetracer"]) <= row["any"] <= row["count"]
    assert sum(row["count"] for row in data["categories"]) == 6
    assert data["headline"]["published_percent"] == 72.55
    assert data["totals"]["labelled_jobs"] == 5 and data["totals"]["labels_agree"] == 5


def test_detection_per_tool(result):
    jobs = {job["job"]: job for job in result[0]["jobs"]}
    assert jobs["typo"]["category"] == "undefined-name" and "pyflakes" in jobs["typo"]["detected_by"]
    assert jobs["flatten"]["category"] == "shape-mismatch" and "shapetracer" in jobs["flatten"]["detected_by"]
    assert jobs["missing-import"]["file"] == "model.py" and "pyflakes" in jobs["missing-import"]["detected_by"]
    # build_model(..., hidden_units=...) of a function that takes no such parameter: pylint's
    # E1123, and the interpreter's own ST304 for the call it resolved
    assert jobs["kwarg"]["category"] == "call-error" and jobs["kwarg"]["detected_by"] == ["pylint", "shapetracer"]
    assert jobs["killed"]["category"] == "environment" and jobs["killed"]["detected_by"] == []
    assert jobs["unlabelled"]["category"] == "undefined-name" and jobs["unlabelled"]["file"] == "train.py"


def test_markdown_and_chart(result):
    _, out, run = result
    text = (out / "study.md").read_text()
    assert "| category | group | count | share | pyflakes | pylint | shapetracer | any |" in text
    assert "72.55%" in text
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert "study.png skipped" in run.output
    else:
        assert (out / "study.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
