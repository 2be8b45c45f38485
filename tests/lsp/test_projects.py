"""The editor's files checked within their project, warm between passes (shapetracer.lsp.projects):
a helper is run through the scripts that import it, unsaved buffers are read in place of the
disk, a finding is shown in every open file that takes part in it, an edit re-runs only the
runs that read the changed text, and saved files share the command line's cache."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from click.testing import CliRunner  # noqa: E402

from shapetracer.cli import main  # noqa: E402
from shapetracer.engine.cache import FOLDER  # noqa: E402
from shapetracer.lsp.documents import text_snapshot  # noqa: E402
from shapetracer.lsp.projects import ProjectSnapshot, Warm  # noqa: E402

FILES = {
    "requirements.txt": "tensorflow==2.15\n",
    "models.py": """\
        import tensorflow as tf


        def project(x, w):
            return tf.matmul(x, w)
        """,
    "train.py": """\
        import tensorflow as tf
        from models import project

        x = tf.zeros([8, 4])
        w = tf.zeros([4, 3])
        print(project(x, w))
        """,
    "evaluate.py": """\
        import tensorflow as tf
        from models import project

        x = tf.zeros([2, 4])
        w = tf.zeros([4, 3])
        print(project(x, w))
        """,
}
BROKEN_MODELS = textwrap.dedent(FILES["models.py"]).replace("tf.matmul(x, w)", "tf.matmul(x, tf.transpose(w))")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return tmp_path.resolve()


def snapshot(root: Path, **texts: str) -> ProjectSnapshot:
    """The open files (name -> the editor's text), as the server takes them."""
    return ProjectSnapshot(root, tuple(text_snapshot((root / name).as_uri(), text) for name, text in texts.items()))


def disk(root: Path, name: str) -> str:
    return (root / name).read_text(encoding="utf-8")


def shown(analysis) -> list[tuple[str, int, str]]:
    return [(Path(f.path).name, f.line, f.code) for f in analysis.result.findings]


def elsewhere(analysis) -> list[tuple[str, int, str, list[int]]]:
    here = analysis.snapshot.display_path
    return [(Path(f.path).name, f.line, f.code, [r.line for r in f.related if r.path == here])
            for f in analysis.elsewhere]


def by_name(found) -> dict:
    return {Path(uri).name: analysis for uri, analysis in found.analyses.items()}


def test_an_unsaved_helper_is_run_through_the_scripts_that_import_it(root):
    warm = Warm(root, use_disk_cache=False)
    clean = warm.analyse(snapshot(root, **{"models.py": disk(root, "models.py")}))
    assert sorted(Path(p).name for p in clean.ran) == ["evaluate.py", "train.py"]
    assert shown(by_name(clean)["models.py"]) == []
    # the buffer, not the disk: the transposed weight is [3, 4] against x's 4 columns
    dirty = by_name(warm.analyse(snapshot(root, **{"models.py": BROKEN_MODELS})))["models.py"]
    assert shown(dirty) == [("models.py", 5, "ST101")]
    assert disk(root, "models.py") == textwrap.dedent(FILES["models.py"])  # nothing written


def test_a_finding_is_shown_once_in_every_open_file_that_takes_part_in_it(root):
    warm = Warm(root, use_disk_cache=False)
    found = by_name(warm.analyse(snapshot(root, **{"models.py": BROKEN_MODELS, "train.py": disk(root, "train.py"),
                                                   "evaluate.py": disk(root, "evaluate.py")})))
    assert shown(found["models.py"]) == [("models.py", 5, "ST101")]  # at its site, once for both runs
    # in each script at its lines that take part (the call that reaches it, the values it got)
    for script in ("train.py", "evaluate.py"):
        [(path, line, code, lines)] = elsewhere(found[script])
        assert (path, line, code) == ("models.py", 5, "ST101") and lines, (script, lines)
        assert shown(found[script]) == []
    assert elsewhere(found["models.py"]) == []


def test_a_finding_suppressed_at_its_site_is_shown_nowhere(root):
    warm = Warm(root, use_disk_cache=False)
    silenced = BROKEN_MODELS.replace("tf.transpose(w))", "tf.transpose(w))  # noqa: ST101")
    found = by_name(warm.analyse(snapshot(root, **{"models.py": silenced, "train.py": disk(root, "train.py")})))
    assert shown(found["models.py"]) == [] and elsewhere(found["train.py"]) == []
    (root / "models.py").write_text(silenced, encoding="utf-8")  # the site closed: its text on disk decides
    warm.forget_disk()
    found = by_name(warm.analyse(snapshot(root, **{"train.py": disk(root, "train.py")})))
    assert elsewhere(found["train.py"]) == []


def test_an_edit_re_runs_only_the_runs_that_read_the_changed_text(root):
    warm = Warm(root, use_disk_cache=False)
    texts = {name: disk(root, name) for name in ("models.py", "train.py", "evaluate.py")}
    first = warm.analyse(snapshot(root, **texts))
    assert sorted(Path(p).name for p in first.ran) == ["evaluate.py", "train.py"]
    texts["train.py"] = texts["train.py"].replace("[8, 4]", "[8, 5]")
    edited = warm.analyse(snapshot(root, **texts))
    assert [Path(p).name for p in edited.ran] == ["train.py"]
    # the edit breaks train.py's call; evaluate.py's result, kept, still counts
    assert shown(by_name(edited)["models.py"]) == [("models.py", 5, "ST101")]
    texts["models.py"] = texts["models.py"] + "\n\nSCALE = 2\n"
    assert sorted(Path(p).name for p in warm.analyse(snapshot(root, **texts)).ran) == ["evaluate.py", "train.py"]
    assert warm.analyse(snapshot(root, **texts)).ran == []  # nothing changed: nothing runs


def test_an_edit_that_adds_an_import_rebuilds_the_project_model(root):
    (root / "config.py").write_text("import tensorflow as tf\n\nWEIGHT = tf.zeros([5, 3])\n", encoding="utf-8")
    warm = Warm(root, use_disk_cache=False)
    texts = {"train.py": disk(root, "train.py")}
    assert shown(by_name(warm.analyse(snapshot(root, **texts)))["train.py"]) == []
    texts["train.py"] = texts["train.py"].replace("w = tf.zeros([4, 3])", "from config import WEIGHT as w")
    found = warm.analyse(snapshot(root, **texts))
    [(path, line, code, lines)] = elsewhere(by_name(found)["train.py"])
    assert (path, line, code) == ("models.py", 5, "ST101") and 6 in lines


def test_saved_files_share_the_command_lines_cache_and_unsaved_buffers_stay_out_of_it(root, monkeypatch):
    monkeypatch.chdir(root)  # findings name files from the working folder, and so do cache keys
    assert CliRunner().invoke(main, ["check", "."]).exit_code == 0  # the command line fills the cache
    entries = set((root / FOLDER).rglob("run-*"))
    warm = Warm(root)
    found = warm.analyse(snapshot(root, **{"models.py": disk(root, "models.py")}))
    # train.py's run gives models.py's hovers their shapes: made here; evaluate.py's is read
    assert [Path(p).name for p in found.ran] == ["evaluate.py"]
    assert set((root / FOLDER).rglob("run-*")) == entries
    warm.analyse(snapshot(root, **{"models.py": BROKEN_MODELS}))
    assert set((root / FOLDER).rglob("run-*")) == entries  # a run that read an unsaved buffer is not written


def test_a_helper_shows_shapes_from_the_script_that_runs_it(root):
    warm = Warm(root, use_disk_cache=False)
    helper = textwrap.dedent(FILES["models.py"]).replace("    return tf.matmul(x, w)",
                                                         "    y = tf.matmul(x, w)\n    return y")
    analysis = by_name(warm.analyse(snapshot(root, **{"models.py": helper})))["models.py"]
    shapes = [(origin.line, tensor.shape.list_str()) for origin, tensor in analysis.result.shape_log
              if origin.path == analysis.snapshot.display_path]
    assert (5, "[2, 3]") in shapes  # evaluate.py's x is [2, 4]: the first run in path order


def test_an_open_file_of_another_root_is_read_from_its_buffer_where_this_root_imports_it(tmp_path):
    app, shared = tmp_path / "app", tmp_path / "shared"
    app.mkdir()
    shared.mkdir()
    (app / "pyproject.toml").write_text('[project]\nname = "app"\n')
    helper = shared / "helpers.py"
    helper.write_text(textwrap.dedent(FILES["models.py"]))
    script = textwrap.dedent("""\
        import os
        import sys
        sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "shared"))
        import tensorflow as tf
        from helpers import project

        print(project(tf.zeros([8, 4]), tf.zeros([4, 3])))
        """)
    (app / "train.py").write_text(script)
    warm = Warm(app.resolve(), use_disk_cache=False)
    texts = (text_snapshot((app / "train.py").as_uri(), script),)
    assert elsewhere(by_name(warm.analyse(ProjectSnapshot(app.resolve(), texts)))["train.py"]) == []
    unsaved = ((helper.resolve(), BROKEN_MODELS.encode()),)
    found = by_name(warm.analyse(ProjectSnapshot(app.resolve(), texts, unsaved)))["train.py"]
    [(path, line, code, lines)] = elsewhere(found)
    assert (path, line, code) == ("helpers.py", 5, "ST101") and 7 in lines


def test_a_pass_while_typing_finds_the_same_and_leaves_the_shapes_to_a_pass_that_reruns_only_the_shown_run(root):
    warm = Warm(root, use_disk_cache=False)
    warm.analyse(snapshot(root, **{"models.py": disk(root, "models.py")}))
    typing = ProjectSnapshot(root, snapshot(root, **{"models.py": BROKEN_MODELS}).documents, shapes=False)
    quick = warm.analyse(typing)
    models = by_name(quick)["models.py"]
    assert not quick.shapes and not models.shapes and not models.result.shape_log
    assert sorted(Path(p).name for p in quick.ran) == ["evaluate.py", "train.py"]
    shaped = warm.analyse(snapshot(root, **{"models.py": BROKEN_MODELS}))
    assert shaped.shapes and by_name(shaped)["models.py"].result.shape_log
    assert [Path(p).name for p in shaped.ran] == ["evaluate.py"]  # the run whose shapes models.py shows
    assert shown(by_name(shaped)["models.py"]) == shown(models) and shown(models)
