"""``check --diff`` / ``--fix`` / ``--unsafe-fixes`` / ``--show-fixes`` against golden files.

tests/fixes/golden/several.py has four findings (a reshape with a -1 to infer, a removed
TF 1 name, a matmul whose sizes differ, a VALID pool larger than its input): one safe
fix (the TF 1 name), three unsafe (the reshape's -1 among them: the reshape fails for every
value, so -1 would take the input's side of the conflict).  The goldens are the exact output; regenerate by running the commands
in each test by hand after a deliberate change."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from shapetracer.cli import main

GOLDEN = Path(__file__).with_name("golden")
ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "check-output-v2.schema.json").read_text())
TARGET = ["--tf-version", "2.21"]


@pytest.fixture
def work(tmp_path, monkeypatch):
    for name in ("several.py", "clean.py"):
        shutil.copy(GOLDEN / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, ["check", *TARGET, *args], catch_exceptions=False)


@pytest.mark.parametrize("flags,golden", [((), "several.safe.diff"),
                                          (("--unsafe-fixes",), "several.unsafe.diff")])
def test_diff_prints_the_fixes_and_writes_nothing(work, flags, golden):
    before = (work / "several.py").read_text()
    result = run("--diff", *flags, "several.py")
    assert result.stdout == (GOLDEN / golden).read_text()
    assert result.exit_code == 1
    assert (work / "several.py").read_text() == before
    assert "Would fix" in result.stderr


@pytest.mark.parametrize("flags,golden,left", [((), "several.safe-fixed.py", 3),
                                               (("--unsafe-fixes",), "several.fixed.py", 0)])
def test_fix_writes_the_fixed_file_and_reports_what_is_left(work, flags, golden, left):
    result = run("--fix", *flags, "several.py")
    assert (work / "several.py").read_text() == (GOLDEN / golden).read_text()
    assert result.exit_code == (1 if left else 0)
    assert f"Found {left} finding(s)" in result.stderr
    assert run("several.py").exit_code == (1 if left else 0)  # the written file checks out as reported


def test_a_clean_file_is_never_touched(work):
    clean = work / "clean.py"
    stamp = clean.stat().st_mtime_ns
    result = run("--diff", "--unsafe-fixes", "clean.py")
    assert result.exit_code == 0 and result.stdout == ""
    result = run("--fix", "--unsafe-fixes", "clean.py")
    assert result.exit_code == 0 and clean.stat().st_mtime_ns == stamp
    assert clean.read_text() == (GOLDEN / "clean.py").read_text()


def test_show_fixes_lists_the_fix_and_its_alternatives(work):
    result = run("--show-fixes", "several.py")
    assert "  fix (unsafe): Let the reshape infer `4 * 4 * 64` (-1) on line 6" in result.stdout
    assert "  fix (safe): Use tf.random.normal on line 14" in result.stdout
    plain = run("several.py")
    assert "fix (" not in plain.stdout  # only when asked for


def test_json_and_sarif_carry_the_fix_when_asked(work):
    plain = json.loads(run("--output-format", "json", "several.py").stdout)
    assert not any("fix" in f for f in plain["findings"])  # verifying fixes costs analyses: only on request
    document = json.loads(run("--output-format", "json", "--show-fixes", "several.py").stdout)
    jsonschema.Draft7Validator(SCHEMA).validate(document)
    reshape = next(f for f in document["findings"] if f["code"] == "ST104")
    assert reshape["fix"] == {"applicability": "unsafe",
                              "message": "Let the reshape infer `4 * 4 * 64` (-1) on line 6",
                              "edits": [{"path": "several.py", "line": 6, "column": 35, "end_line": 6,
                                         "end_column": 45, "new_text": "-1"}]}
    sarif = json.loads(run("--output-format", "sarif", "--show-fixes", "several.py").stdout)
    result = next(r for r in sarif["runs"][0]["results"] if r["ruleId"] == "ST104")
    replacement = result["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement == {"deletedRegion": {"startLine": 6, "startColumn": 35, "endLine": 6, "endColumn": 45},
                           "insertedContent": {"text": "-1"}}
