"""The target TensorFlow version through the command line: --tf-version, tf-version, pins, output."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from shapetracer import versions
from shapetracer.cli import main
from shapetracer.engine import Options, check_file, check_source

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "check-output-v2.schema.json").read_text())
PROGRAM = "import numpy as np\nx = np.zeros((2, 3)) + np.zeros((4,))\n"


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()  # the pin search stops here
    (tmp_path / "train.py").write_text(PROGRAM)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    versions.clear_cache()
    yield tmp_path
    versions.clear_cache()


def run(*args):
    return CliRunner().invoke(main, list(args))


def targets(*args) -> list[dict]:
    result = run("check", "--output-format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.stdout)
    jsonschema.Draft7Validator(SCHEMA).validate(document)
    return document["targets"]


def test_flag(project):
    assert targets("--tf-version", "1.15", "train.py") == [
        {"path": "train.py", "tf_version": "1.15", "keras_version": 2, "tf_version_source": "flag"}]
    assert targets("--tf-version", "2.15.1", "train.py")[0]["tf_version"] == "2.15"


def test_config_key_and_the_flag_winning(project):
    (project / "pyproject.toml").write_text('[tool.shapetracer]\ntf-version = "2.15"\n')
    [entry] = targets("train.py")
    assert (entry["tf_version"], entry["tf_version_source"]) == ("2.15", "config")
    [entry] = targets("--tf-version", "2.21", "train.py")
    assert (entry["tf_version"], entry["keras_version"], entry["tf_version_source"]) == ("2.21", 3, "flag")


def test_a_pin_and_no_pin(project):
    (project / "legacy").mkdir()
    (project / "legacy" / "requirements.txt").write_text("tensorflow>=1.4,<2\n")
    (project / "legacy" / "old.py").write_text(PROGRAM)
    by_path = {t["path"]: t for t in targets(".")}
    assert by_path["legacy/old.py"]["tf_version"] == "1.15"
    assert by_path["legacy/old.py"]["tf_version_source"] == "legacy/requirements.txt pin (tensorflow>=1.4,<2)"
    assert by_path["train.py"]["tf_version_source"] in ("installed", "default")


@pytest.mark.parametrize("args", [("--tf-version", "3.0"), ("--tf-version", "2.3"), ("--tf-version", "latest")])
def test_an_unsupported_flag_is_a_usage_error(project, args):
    result = run("check", *args, "train.py")
    assert result.exit_code == 2 and "supported: 1.15, 2.15, 2.21" in result.output
    assert run("shapes", *args, "train.py").exit_code == 2


@pytest.mark.parametrize("value,message", [('"1.0"', "unsupported TensorFlow version '1.0'"),
                                           ("2.15", "'tf-version' must be a str")])
def test_a_bad_config_value_is_exit_2(project, value, message):
    (project / "pyproject.toml").write_text(f"[tool.shapetracer]\ntf-version = {value}\n")
    result = run("check", "train.py")
    assert result.exit_code == 2 and message in result.output


def test_statistics_say_which_version_and_why(project):
    (project / "requirements.txt").write_text("tensorflow==2.15.0\n")
    result = run("check", "--statistics", "--exit-zero", "train.py")
    assert "Checked against TensorFlow 2.15 (Keras 2; from requirements.txt pin (tensorflow==2.15.0)): 1 file(s)" \
        in result.stderr
    (project / "new.py").write_text("import tf_keras\n")
    result = run("check", "--statistics", "--exit-zero", "--tf-version", "2.21", "train.py", "new.py")
    assert "TensorFlow 2.21 (Keras 3; from flag): 1 file(s)\n  train.py" in result.stderr
    assert "TensorFlow 2.21 (Keras 2; from flag, import tf_keras): 1 file(s)\n  new.py" in result.stderr


def test_shapes_takes_the_flag(project):
    result = run("shapes", "--tf-version", "1.15", "train.py")
    assert result.exit_code == 0 and result.stdout.startswith("import numpy as np")


def test_engine_resolves_and_passes_the_target(project, monkeypatch):
    import shapetracer.frontend.interpreter as engine  # the engine imports it when a file needs it

    seen = []
    real = engine.Interpreter

    def spy(*args, **kwargs):
        seen.append(kwargs["target"])
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "Interpreter", spy)
    (project / "requirements.txt").write_text("tensorflow-gpu==1.15.0\n")
    result = check_file(project / "train.py", Options(generic=False))
    assert result.target.version == "1.15" and seen == [result.target]
    fixed = check_source(b"import tf_keras\nx = 1\n", "t.py", None, Options(target=versions.from_setting("2.21")))
    assert (fixed.target.version, fixed.target.keras) == ("2.21", 2) and seen[-1] == fixed.target
    broken = check_source(b"def f(:\n", "b.py", project / "b.py", Options())
    assert broken.status == "parse_error" and broken.target.version == "1.15"
