"""The project cache (.shapetracer_cache/): a warm run reads it, an edit re-runs only the
scripts that read the edited file, another tool version's entries are never read, a
damaged entry is a miss; --jobs gives the output --jobs 1 gives."""

from __future__ import annotations

import textwrap
from pathlib import Path

from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, cache as cache_module, runs
from shapetracer.engine.cache import FOLDER, Cache
from shapetracer.engine.project import check_project

FILES = {
    "requirements.txt": "tensorflow==2.15\n",
    "layers.py": "import tensorflow as tf\n\ndef dense(x, w):\n    return tf.matmul(x, w)\n",
    "train.py": "import tensorflow as tf\nimport layers\n\nlayers.dense(tf.zeros([4, 3]), tf.zeros([5, 2]))\n",
    "plot.py": "import numpy as np\n\nprint(np.zeros((2, 3)) + np.zeros((4, 3)))\n",
}
OPTIONS = Options(target=target_for("2.15"))


def tree(base: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (base / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return base


def counting_runs(monkeypatch) -> list[str]:
    ran: list[str] = []
    real = runs.run_script

    def run_script(entry, project, options):
        ran.append(entry.name)
        return real(entry, project, options)
    monkeypatch.setattr(runs, "run_script", run_script)
    return ran


def summary(results) -> list[tuple]:
    return [(Path(r.path).name, f.line, f.code, f.message) for r in results for f in r.findings]


def test_a_warm_run_reads_every_result_from_the_cache(tmp_path, monkeypatch):
    root = tree(tmp_path, FILES)
    ran = counting_runs(monkeypatch)
    cold = check_project([root], OPTIONS, cache=Cache(root))
    assert sorted(ran) == ["plot.py", "train.py"]
    assert (root / FOLDER / "CACHEDIR.TAG").is_file() and (root / FOLDER / ".gitignore").is_file()
    ran.clear()
    warm_cache = Cache(root)
    warm = check_project([root], OPTIONS, cache=warm_cache)
    assert ran == [] and warm_cache.misses == 0
    assert summary(warm) == summary(cold) and ("layers.py", 4, "ST101") in [s[:3] for s in summary(cold)]


def test_editing_a_leaf_module_re_runs_only_the_scripts_that_import_it(tmp_path, monkeypatch):
    root = tree(tmp_path, FILES)
    check_project([root], OPTIONS, cache=Cache(root))
    ran = counting_runs(monkeypatch)
    (root / "layers.py").write_text("import tensorflow as tf\n\ndef dense(x, w):\n    return tf.matmul(x, w[:3])\n")
    results = check_project([root], OPTIONS, cache=Cache(root))
    assert ran == ["train.py"]
    assert not [s for s in summary(results) if s[0] == "layers.py" and s[2].startswith("ST1")]


def test_options_and_targets_are_part_of_the_key(tmp_path, monkeypatch):
    root = tree(tmp_path, FILES)
    check_project([root], OPTIONS, cache=Cache(root))
    ran = counting_runs(monkeypatch)
    check_project([root], Options(target=target_for("1.15")), cache=Cache(root))
    assert sorted(ran) == ["plot.py", "train.py"]


def test_another_versions_cache_is_not_read_and_is_removed(tmp_path, monkeypatch):
    root = tree(tmp_path, FILES)
    check_project([root], OPTIONS, cache=Cache(root))
    old = next(p for p in (root / FOLDER).iterdir() if p.is_dir())
    monkeypatch.setattr(cache_module, "_fingerprint", "another-version")
    ran = counting_runs(monkeypatch)
    check_project([root], OPTIONS, cache=Cache(root))
    assert sorted(ran) == ["plot.py", "train.py"]
    assert not old.exists() and (root / FOLDER / "another-version").is_dir()


def test_a_damaged_entry_is_a_miss(tmp_path, monkeypatch):
    root = tree(tmp_path, FILES)
    cold = check_project([root], OPTIONS, cache=Cache(root))
    for entry in (root / FOLDER).glob("*/run-*"):
        entry.write_bytes(b"not a pickle")
    ran = counting_runs(monkeypatch)
    assert summary(check_project([root], OPTIONS, cache=Cache(root))) == summary(cold)
    assert sorted(ran) == ["plot.py", "train.py"]


def test_the_command_line_caches_unless_told_not_to_and_jobs_do_not_change_the_output(tmp_path):
    root = tree(tmp_path, {**FILES, **{f"script{i}.py": FILES["train.py"] for i in range(3)}})
    runner = CliRunner()
    arguments = ["check", "--output-format", "json", "--tf-version", "2.15", "-q", str(root)]
    one = runner.invoke(main, [*arguments, "--no-cache", "--jobs", "1"])
    assert one.exit_code == 1 and not (root / FOLDER).exists()
    two = runner.invoke(main, [*arguments, "--no-cache", "--jobs", "2"])
    assert two.stdout == one.stdout
    cached = runner.invoke(main, [*arguments, "--jobs", "2"])
    assert cached.stdout == one.stdout and (root / FOLDER).is_dir()
    again = runner.invoke(main, arguments)
    assert again.stdout == one.stdout
