"""The project cache (.shapetracer_cache/): a warm run reads it, an edit re-runs only the
scripts that read the edited file, another tool version's entries are never read, a
damaged entry is a miss; --jobs gives the output --jobs 1 gives."""

from __future__ import annotations

import pickle
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


def counting(monkeypatch, owner, name: str) -> list[str]:
    """The file names ``owner.name`` is called with (its first argument), the real function
    still doing the work."""
    seen: list[str] = []
    real = getattr(owner, name)

    def counted(file, *args, **kwargs):
        seen.append(file.name)
        return real(file, *args, **kwargs)
    monkeypatch.setattr(owner, name, counted)
    return seen


def counting_runs(monkeypatch) -> list[str]:
    return counting(monkeypatch, runs, "run_script")


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


def test_a_warm_plan_parses_no_module_and_an_edit_reparses_only_that_one(tmp_path, monkeypatch):
    from shapetracer.engine.project import plan
    from shapetracer.project import model

    root = tree(tmp_path, FILES)
    cold = plan([root], cached=True)
    parsed = counting(monkeypatch, model, "_read_module")
    model._READ.clear()  # this process's own memo: the cache alone must answer
    warm = plan([root], cached=True)
    assert parsed == [] and warm.runs == cold.runs
    assert {f: (m.main, m.works, m.imports) for f, m in warm.project.modules.items()} == \
        {f: (m.main, m.works, m.imports) for f, m in cold.project.modules.items()}
    (root / "plot.py").write_text("import layers\n\nlayers.dense(1, 2)\n", encoding="utf-8")
    edited = plan([root], cached=True)
    assert parsed == ["plot.py"]
    assert root / "layers.py" in edited.project.reached((root / "plot.py").resolve())


def test_a_warm_command_line_run_imports_no_parser_solver_or_interpreter(tmp_path):
    import os
    import subprocess
    import sys

    root = tree(tmp_path, FILES)
    checkout = Path(__file__).resolve().parents[2]
    code = ("import sys\nfrom shapetracer.cli import main\n"
            "sys.argv = ['shapetracer', 'check', '--quiet', '--output-format', 'json', '.']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('libcst', 'z3', 'pyflakes') "
            "or m.startswith(('shapetracer.frontend.interpreter', 'shapetracer.frontend.source', "
            "'shapetracer.constraints.core.spec'))))\n")
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONDONTWRITEBYTECODE": "1"}
    runs_done = [subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env,
                                timeout=300) for _ in range(2)]
    assert all(done.returncode == 0 for done in runs_done), runs_done[-1].stderr
    cold, warm = (done.stdout.rpartition("\n[")[0] for done in runs_done)
    assert warm == cold and '"ST101"' in cold.replace(" ", "")  # the same findings, read back
    assert runs_done[0].stdout.strip().splitlines()[-1] != "[]"  # the cold run did load them
    assert runs_done[1].stdout.strip().splitlines()[-1] == "[]"


def test_content_bytes_do_not_depend_on_shared_objects():
    from shapetracer.engine.cache import content_bytes

    # A run's findings made fresh may share a path string with another run's; read back from
    # the cache (each run pickled apart) they do not.  A file result's key must be the same.
    path = "".join(["pkg/", "layers.py"])
    shared = [(path, 1), (path, 2)]
    separate = [("".join(["pkg/", "layers.py"]), 1), ("".join(["pkg/", "layers.py"]), 2)]
    assert pickle.dumps(shared) != pickle.dumps(separate)  # what the key was made with before
    assert content_bytes(shared) == content_bytes(separate)
