"""The study checks each job against the TensorFlow it ran on: the version its log prints,
else its requirements (``versions.for_job``), so a TF 1 script that a TF 2 image ran is
reported where it failed, ``tf.placeholder`` (ST401, attribute-error)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from shapetracer.study.run import job_target, read_jobs, run_study

JOBS = Path(__file__).resolve().parents[2] / "corpus" / "jobs"


def _jobs(recipe: str) -> list[Path]:
    return [job for job in sorted(JOBS.iterdir()) if (job / "job.json").exists()
            and json.loads((job / "job.json").read_text())["recipe"] == recipe]


@pytest.fixture(scope="module")
def placeholder_job(tmp_path_factory) -> Path:
    """A corpus job: a TF 1 script pinned to tensorflow==1.15.5, run (for real) on a TF 2.15
    image whose log prints the version; it died on tf.placeholder."""
    root = tmp_path_factory.mktemp("version-change") / "jobs"
    root.mkdir()
    [source, *_] = _jobs("v2-placeholder")
    shutil.copytree(source, root / "placeholder")
    return root


def test_the_corpus_job_is_what_the_test_needs(placeholder_job):
    job = placeholder_job / "placeholder"
    assert "tensorflow==1.15.5" in (job / "requirements.txt").read_text()
    log = (job / "job.log").read_text()
    assert "TensorFlow version: 2.15" in log and "has no attribute 'placeholder'" in log


def test_the_log_decides_the_target_over_the_pin(placeholder_job):
    [job] = read_jobs(placeholder_job)
    assert "requirements.txt" in job.dependencies
    target = job_target(job)
    assert target.version == "2.15" and target.source.startswith("job.log log")


def test_the_study_detects_tf_placeholder_under_tf2(placeholder_job):
    study = run_study(placeholder_job, with_pylint=False)
    [outcome] = study.outcomes
    assert outcome.category == "attribute-error" and outcome.labels_agree
    assert outcome.detected_by == ["shapetracer"]
    assert outcome.target["tf_version"] == "2.15"


def test_without_a_version_in_the_log_the_pin_decides(placeholder_job, tmp_path):
    job = tmp_path / "jobs" / "silent"
    shutil.copytree(placeholder_job / "placeholder", job)
    log = job / "job.log"
    log.write_text("".join(line for line in log.read_text().splitlines(keepends=True)
                           if "TensorFlow version" not in line))
    [read] = read_jobs(tmp_path / "jobs")
    target = job_target(read)
    assert target.version == "1.15" and "requirements.txt" in target.source
    # checked against the TensorFlow 1.15 it was written for, the script has no API change to report
    assert run_study(tmp_path / "jobs", with_pylint=False).outcomes[0].detected_by == []


def test_api_rules_count_under_the_python_categories():
    from shapetracer.rules.codes import RULES
    from shapetracer.study.taxonomy import PYTHON, finding_category

    api = {code: finding_category(rule.category) for code, rule in RULES.items() if rule.family == "api"}
    assert set(api.values()) == {"attribute-error", "import-error", "call-error"} and set(api.values()) <= set(PYTHON)
