"""Suppression comments, [tool.shapetracer] configuration and baselines, through the CLI."""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.engine import Options
from tests.helpers import codes_of

BUG = "import numpy as np\nx = np.zeros((2, 3)) + np.zeros((4,))"


@pytest.mark.parametrize("comment,silenced", [
    ("  # noqa", True),
    ("  # noqa: ST103", True),
    ("  # NOQA:ST103,ST101", True),
    ("  # noqa: ST101", False),
    ("  # shapetracer: ignore[incompatible-broadcast]", True),
    ("  # shapetracer: ignore[ST103]", True),
    ("  # shapetracer: ignore", True),
    ("  # shapetracer: ignore[matmul-dim-mismatch]", False),
    ("  # a comment mentioning noqa: ST103 later", False),
])
def test_line_suppressions(comment, silenced):
    codes = codes_of(BUG + comment + "\n")
    assert (codes == []) is silenced


def test_ignore_comment_on_the_line_above():
    assert codes_of("import numpy as np\n# shapetracer: ignore[ST103]\nx = np.zeros((2, 3)) + np.zeros((4,))\n") == []


def test_file_level_suppression():
    assert codes_of("# shapetracer: noqa\n" + BUG + "\n") == []


def test_string_containing_noqa_is_not_a_comment():
    assert codes_of(BUG + "; s = '# noqa'\n") == [(2, "ST103")]


def test_unused_suppression_reported_when_selected():
    source = "import numpy as np\nx = np.zeros((2, 3))  # noqa: ST103\ny = 1  # noqa: E501\n"
    assert codes_of(source, extend_select=frozenset({"ST904"})) == [(2, "ST904")]
    assert codes_of(source) == []


@pytest.fixture()
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "train.py").write_text(BUG + "\n")
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_config_ignore_and_per_file_ignores(project):
    (project / "pyproject.toml").write_text('[tool.shapetracer]\nignore = ["ST103"]\n')
    assert run("check", "train.py").exit_code == 0
    (project / "pyproject.toml").write_text('[tool.shapetracer]\n[tool.shapetracer.per-file-ignores]\n'
                                            '"train*.py" = ["ST1"]\n')
    assert run("check", "train.py").exit_code == 0
    (project / "pyproject.toml").write_text('[tool.shapetracer]\nselect = ["ST101"]\n')
    assert run("check", "train.py").exit_code == 0
    assert run("check", "--select", "ST103", "train.py").exit_code == 1  # the command line wins


def test_unknown_config_key_is_exit_2_naming_the_key(project):
    (project / "pyproject.toml").write_text('[tool.shapetracer]\nselcet = ["ST101"]\n')
    result = run("check", "train.py")
    assert result.exit_code == 2
    assert "selcet" in result.output


def test_config_exclude(project):
    (project / "generated").mkdir()
    (project / "generated" / "bad.py").write_text(BUG + "\n")
    (project / "train.py").write_text("x = 1\n")
    (project / "pyproject.toml").write_text('[tool.shapetracer]\nexclude = ["generated"]\n')
    assert run("check", ".").exit_code == 0


def test_baseline_survives_edits_above_the_finding(project):
    assert run("check", "--write-baseline", "baseline.json", "train.py").exit_code == 0
    assert json.loads((project / "baseline.json").read_text())["findings"]
    assert run("check", "--baseline", "baseline.json", "train.py").exit_code == 0
    (project / "train.py").write_text("# a new header\n\n" + BUG + "\n")
    assert run("check", "--baseline", "baseline.json", "train.py").exit_code == 0
    # a new bug (in a function: the first error ends the module's path, as a real run would)
    (project / "train.py").write_text(BUG + "\ndef f():\n    return np.zeros((5,)) + np.zeros((6,))\n")
    result = run("check", "--output-format", "concise", "--baseline", "baseline.json", "train.py")
    assert result.exit_code == 1 and "train.py:4:" in result.stdout and "train.py:2:" not in result.stdout


def test_shapes_view(project):
    (project / "model.py").write_text(textwrap.dedent("""\
        import tensorflow.compat.v1 as tf
        x = tf.placeholder(tf.float32, [None, 784])
        w = tf.Variable(tf.zeros([784, 10]))
        n = 3
    """))
    result = run("shapes", "model.py")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1].endswith("# [?, 784]")
    assert lines[2].endswith("# [784, 10]")
    assert lines[3] == "n = 3"
