"""The project checks in ``scan`` and ``study``: a job's members and dependency files are its
workspace, judged after the script cache (whose entries depend on the script alone)."""

from __future__ import annotations

import io
import tarfile

from shapetracer.jobs.config import ScanConfig
from shapetracer.jobs.job import scan_one

from tests.jobs.builders import folder_job, tar_bytes, validate

SCRIPT = b"import numpy as np\nimport pandas as pd\n"


def _codes(record: dict) -> list[tuple[str, int, str]]:
    return sorted((f["path"], f["line"], f["code"]) for f in record["findings"])


def test_a_jobs_requirements_decide_and_the_cache_is_shared(tmp_path):
    config = ScanConfig(cache_dir=str(tmp_path / "cache"))
    lacking = folder_job(tmp_path, "a", {"train.py": SCRIPT, "requirements.txt": b"tensorflow==2.15.1\nnumpy\n"})
    holding = folder_job(tmp_path, "b", {"train.py": SCRIPT, "requirements.txt": b"tensorflow==2.15.1\npandas\n"})
    unpinned = folder_job(tmp_path, "c", {"train.py": SCRIPT})
    first, second, third = (scan_one(str(job), config) for job in (lacking, holding, unpinned))
    for record in (first, second, third):
        validate(record)
    assert _codes(first) == [("train.py", 2, "ST501")]
    assert first["findings"][0]["args"]["module"] == "pandas"
    assert _codes(second) == [] and _codes(third) == []
    # the same script under the same TensorFlow: analysed once (the unpinned job's target is another)
    assert [s["cached"] for r in (first, second) for s in r["scripts"]] == [False, True]


def test_an_archive_with_a_top_folder(tmp_path):
    archive = tmp_path / "job.tar.gz"
    archive.write_bytes(tar_bytes([("job-1/src/train.py", SCRIPT), ("job-1/requirements.txt", b"tensorflow==1.15\n"),
                                   ("job-1/pandas/__init__.py", b"")]))
    record = scan_one(str(archive), ScanConfig())
    validate(record)
    assert _codes(record) == []  # a folder of the job named pandas is the job's own module
    archive.write_bytes(tar_bytes([("job-1/src/train.py", SCRIPT), ("job-1/requirements.txt", b"tensorflow==1.15\n")]))
    assert _codes(scan_one(str(archive), ScanConfig())) == [("job-1/src/train.py", 2, "ST501")]


def test_selection_and_suppressions_hold(tmp_path):
    job = folder_job(tmp_path, "a", {"train.py": b"import pandas as pd  # noqa: ST501\nimport tqdm\n",
                                     "requirements.txt": b"tensorflow==2.15.1\n"})
    assert _codes(scan_one(str(job), ScanConfig())) == [("train.py", 2, "ST501")]
    assert _codes(scan_one(str(job), ScanConfig(ignore=("ST501",)))) == []
