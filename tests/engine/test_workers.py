"""The pool a project check is spread over: results in the order given, the heaviest task
handed out first, the work done in other processes, and nothing forked for one task."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from shapetracer.domain.target import target_for
from shapetracer.engine import Options
from shapetracer.engine.project import check_project, plan
from shapetracer.engine.workers import Workers
from shapetracer.project import load_project


def _pid_and_item(project, options, item):
    return os.getpid(), item


def _project(tmp_path: Path):
    (tmp_path / "a.py").write_text("import numpy as np\nprint(np.zeros((2, 3)) @ np.zeros((4, 3)))\n")
    return load_project([tmp_path / "a.py"])


def test_results_come_back_in_order_from_other_processes(tmp_path):
    items = list(range(12))
    with Workers(_project(tmp_path), Options(), 2) as workers:
        done = list(workers.map(_pid_and_item, items, weights=[i % 5 for i in items]))
    assert [item for _, item in done] == items
    assert os.getpid() not in {pid for pid, _ in done}


def test_one_job_or_one_item_never_forks(tmp_path):
    project = _project(tmp_path)
    with Workers(project, Options(), 1) as workers:
        assert {pid for pid, _ in workers.map(_pid_and_item, [1, 2, 3])} == {os.getpid()}
    with Workers(project, Options(), 2) as workers:
        assert list(workers.map(_pid_and_item, [7])) == [(os.getpid(), 7)]
        assert workers._pool is None


def test_a_project_checked_on_two_processes_gives_what_one_gives(tmp_path):
    files = {
        "requirements.txt": "tensorflow==2.15\n",
        "layers.py": "import tensorflow as tf\n\ndef dense(x, w):\n    return tf.matmul(x, w)\n",
        "plot.py": "import numpy as np\nimport os\n\nprint(np.zeros((2, 3)) + np.zeros((4, 3)))\n",
        **{f"train{i}.py": f"import tensorflow as tf\nimport layers\n\nlayers.dense(tf.zeros([4, {i + 3}]), "
                           f"tf.zeros([5, 2]))\nprint(undefined_name)\n" for i in range(4)},
    }
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    options = Options(target=target_for("2.15"))
    one = check_project([tmp_path], options, jobs=1)
    two = check_project([tmp_path], options, planned=plan([tmp_path]), jobs=2)
    assert [(r.path, r.findings, r.status) for r in two] == [(r.path, r.findings, r.status) for r in one]
    codes = {f.code for r in one for f in r.findings}
    assert any(c.startswith("ST1") for c in codes)  # the matmul mismatch, made in a run
    assert any(c.startswith("ST3") for c in codes)  # pyflakes: an undefined name, found in the file pass
