"""A calm first run (issue 29, item 4): a file nothing pins is checked against the TensorFlow
its own code fits, so a TF 1 script does not bury its shape bug under an ST401 per TF 1 name;
a file something pins gets every API finding its target makes."""

from __future__ import annotations

import ast
import json
import shutil
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from shapetracer import versions
from shapetracer.cli import main
from shapetracer.domain.target import Target
from shapetracer.engine import Options, check_file
from shapetracer.versions.infer import census

TF1_SCRIPT = Path(__file__).with_name("programs") / "tf1_unpinned.py"  # 16 TF 1 names, one ST101
INSTALLED = Target((2, 21), 3, "installed")


def fitted(source: str, target: Target = INSTALLED) -> Target:
    return versions.from_code(target, ast.parse(textwrap.dedent(source)))


def api_codes(result) -> list[str]:
    return [f.code for f in result.findings if f.code.startswith("ST4")]


def test_the_census_reads_imports_and_attribute_chains_of_tf_and_keras():
    names = census(ast.parse(textwrap.dedent("""\
        import numpy as np
        import tensorflow as tf
        from tensorflow.contrib import rnn
        from keras.layers import Dense as D
        x = tf.nn.rnn_cell.LSTMCell(4)
        y = np.zeros(3).T
        z = D.units
    """)))
    assert names.imports == {("tensorflow", ()), ("tensorflow.contrib", ("rnn",)), ("keras.layers", ("Dense",))}
    assert names.attributes == {("tensorflow", "nn"), ("tensorflow.nn", "rnn_cell"),
                                ("tensorflow.nn.rnn_cell", "LSTMCell"), ("keras.layers.Dense", "units")}


@pytest.mark.parametrize("source,version", [
    ("import tensorflow as tf\nx = tf.placeholder(tf.float32)\ns = tf.Session()\n", "1.15"),
    ("from tensorflow.contrib import slim\n", "1.15"),
    ("import tensorflow.compat.v1 as tf\nx = tf.placeholder(tf.float32)\n", "2.21"),  # fits every version: kept
    ("import tensorflow as tf\nm = tf.keras.Sequential()\nf = tf.function\n", "2.21"),
    ("import numpy as np\nx = np.zeros(3)\n", "2.21"),
])
def test_the_version_the_code_fits(source, version):
    target = fitted(source)
    assert target.version == version
    assert (target.source == "installed") == (version == "2.21")


def test_the_source_says_why_and_a_tie_keeps_the_environments_version():
    target = fitted("import tensorflow as tf\nx = tf.placeholder(tf.float32)\ns = tf.Session()\n",
                    Target((2, 21), 3, "default"))
    assert target.source == "the code: 2 TensorFlow name(s) it uses are missing under the default 2.21, 0 under 1.15"
    # PeepholeLSTMCell: only in 1.15; MultiHeadAttention: not in 1.15; layers.experimental: only in 2.15
    peephole, attention = "tf.keras.experimental.PeepholeLSTMCell", "tf.keras.layers.MultiHeadAttention"
    assert fitted(f"import tensorflow as tf\nc = {peephole}\na = {attention}\n").version == "2.21"  # 1 each
    assert fitted(f"import tensorflow as tf\nc = {peephole}\ne = tf.keras.layers.experimental\n").version \
        == "2.15"  # 2 under 2.21, 1 under 1.15 and under 2.15: the newer of the two


@pytest.mark.parametrize("source", ["flag", "config", "requirements.txt pin (tensorflow==2.21.0)", "job.log log"])
def test_a_chosen_version_is_never_second_guessed(source):
    assert fitted("import tensorflow as tf\nx = tf.placeholder(tf.float32)\n", Target((2, 21), 3, source)).source \
        == source


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    shutil.copy(TF1_SCRIPT, tmp_path / "train.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    versions.clear_cache()
    yield tmp_path
    versions.clear_cache()


def test_an_unpinned_tf1_script_gets_its_shape_bug_and_no_api_flood(project):
    result = check_file(project / "train.py", Options(generic=False))
    assert result.target.version == "1.15" and result.target.source.startswith("the code: ")
    assert api_codes(result) == []
    assert [(f.code, f.line) for f in result.findings] == [("ST101", 20)]


@pytest.mark.parametrize("pin", ["requirements", "flag", "config"])
def test_a_pinned_tf1_script_still_gets_every_api_finding(project, pin):
    args = ["check", "--output-format", "json", "--no-generic", "train.py"]
    if pin == "requirements":
        (project / "requirements.txt").write_text("tensorflow==2.21.0\n")
    elif pin == "flag":
        args.insert(1, "--tf-version=2.21")
    else:
        (project / "pyproject.toml").write_text('[tool.shapetracer]\ntf-version = "2.21"\n')
    document = json.loads(CliRunner().invoke(main, args).stdout)
    codes = [f["code"] for f in document["findings"]]
    assert codes.count("ST401") >= 11 and "ST101" in codes
    assert document["targets"][0]["tf_version"] == "2.21"


def test_the_summary_says_which_version_the_code_was_checked_against(project):
    result = CliRunner().invoke(main, ["check", "train.py"])
    assert result.exit_code == 1 and "ST101" in result.stdout and "ST401" not in result.stdout
    assert "Checked train.py against TensorFlow 1.15, the version its code fits (nothing pins one; " \
        "--statistics says why): pin it with --tf-version" in result.stderr
    statistics = CliRunner().invoke(main, ["check", "--statistics", "train.py"]).stderr
    assert "Checked against TensorFlow 1.15 (Keras 2; from the code: " in statistics


def test_scan_keeps_the_version_a_job_ran_on(project):
    """A job's target is its log's, its pins', else the environment's: the API findings are
    what explain why it failed, so scan never infers."""
    from shapetracer.jobs.config import ScanConfig
    from shapetracer.jobs.job import scan_one

    (project / "jobs" / "a").mkdir(parents=True)
    shutil.copy(TF1_SCRIPT, project / "jobs" / "a" / "train.py")
    record = scan_one(str(project / "jobs" / "a"), ScanConfig(cache_dir=None))
    assert record["target"]["tf_version_source"] == versions.fallback().source
    if record["target"]["tf_version"] != "1.15":
        assert sum(f["code"] == "ST401" for f in record["findings"]) >= 11
