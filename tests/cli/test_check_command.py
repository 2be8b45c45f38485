"""`shapetracer check` end to end through click, on the example shipped in the repo."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from shapetracer.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_mnist_cnn.py"
GOLDEN = Path(__file__).with_name("golden")
SCHEMA = json.loads((ROOT / "schemas" / "check-output-v2.schema.json").read_text())


@pytest.fixture()
def runner(monkeypatch):
    monkeypatch.chdir(ROOT)
    return CliRunner()


def test_full_format_matches_golden(runner):
    result = runner.invoke(main, ["check", "examples/train_mnist_cnn.py"])
    assert result.exit_code == 1, result.output
    assert result.stdout == (GOLDEN / "train_mnist_cnn.full.txt").read_text()


def test_concise_format_matches_golden(runner):
    result = runner.invoke(main, ["check", "--output-format", "concise", "examples/train_mnist_cnn.py"])
    assert result.exit_code == 1
    assert result.stdout == (GOLDEN / "train_mnist_cnn.concise.txt").read_text()


def test_json_format_matches_golden(runner):
    """Each finding with its facts (``args``, schema version 2)."""
    result = runner.invoke(main, ["check", "--output-format", "json", "examples/train_mnist_cnn.py"])
    assert result.exit_code == 1
    assert result.stdout == (GOLDEN / "train_mnist_cnn.json").read_text()


def test_json_format_validates_and_names_the_core(runner):
    result = runner.invoke(main, ["check", "--output-format", "json", "--statistics",
                                  "examples/train_mnist_cnn.py"])
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    jsonschema.Draft7Validator(SCHEMA).validate(document)
    [finding] = [f for f in document["findings"] if f["code"] == "ST101"]
    assert finding["category"] == "shape"
    assert finding["line"] == 29
    assert sorted(r["line"] for r in finding["related"]) == [26, 27]


def test_clean_file_exits_zero(runner, tmp_path):
    clean = tmp_path / "clean.py"
    clean.write_text("import tensorflow.compat.v1 as tf\n"
                     "x = tf.placeholder(tf.float32, [None, 784])\n"
                     "w = tf.Variable(tf.zeros([784, 10]))\n"
                     "y = tf.matmul(x, w)\n")
    result = runner.invoke(main, ["check", str(clean)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""


def test_folder_is_recursed(runner, tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "bad.py").write_text("import numpy as np\nx = np.zeros((2, 3)) + np.zeros((4,))\n")
    (tmp_path / "notes.txt").write_text("not python")
    result = runner.invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    assert result.exit_code == 1
    assert "bad.py:2:" in result.stdout and "ST103" in result.stdout


def test_missing_path_is_a_usage_error(runner):
    result = runner.invoke(main, ["check", "does/not/exist.py"])
    assert result.exit_code == 2


def test_exit_zero(runner):
    result = runner.invoke(main, ["check", "--exit-zero", "examples/train_mnist_cnn.py"])
    assert result.exit_code == 0


def test_rules_and_explain(runner):
    listing = runner.invoke(main, ["rules"])
    assert "ST101  matmul-dim-mismatch" in listing.stdout
    explained = runner.invoke(main, ["explain", "matmul-dim-mismatch"])
    assert explained.exit_code == 0 and "ST101" in explained.stdout
    assert runner.invoke(main, ["explain", "ST999"]).exit_code == 2
