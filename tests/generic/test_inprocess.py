"""pyflakes and pylint run inside this process, one linter for every file, without
reading any rc file, and give the same answer whatever else ran before."""

from __future__ import annotations

import multiprocessing
import os
import subprocess

import pytest

from shapetracer.generic import generic_findings, generic_findings_many
from shapetracer.generic import pylint_pass
from shapetracer.generic.pylint_pass import run_pylint
from shapetracer.rules.findings import tools_of
from tests.generic.generated import generate


def _forbid(*args, **kwargs):
    raise AssertionError("the generic pass must not start processes")


@pytest.fixture
def no_processes(monkeypatch):
    monkeypatch.setattr(subprocess, "Popen", _forbid)
    monkeypatch.setattr(os, "fork", _forbid)
    monkeypatch.setattr(os, "posix_spawn", _forbid, raising=False)
    monkeypatch.setattr(multiprocessing.Process, "start", _forbid)


def test_no_process_is_spawned(no_processes):
    found = generic_findings("a.py", "import os\nos.path.joinx('a')\nprint(undefined_thing)\n", True)
    assert [f.code for f in found] == ["ST303", "ST301"]
    sources, _ = generate(5)
    assert len(run_pylint(sources)) == 5


def test_one_linter_is_reused():
    run_pylint({"a.py": "x = 1\n"})
    first = pylint_pass._linter()
    run_pylint({"b.py": "y = 2\n"})
    assert pylint_pass._linter() is first


def test_rc_files_and_environment_are_ignored(tmp_path, monkeypatch):
    hostile = "[MAIN]\ninit-hook='raise SystemExit(3)'\n[MESSAGES CONTROL]\ndisable=all\n"
    for name in ("pylintrc", ".pylintrc"):
        (tmp_path / name).write_text(hostile)
    (tmp_path / "pyproject.toml").write_text("[tool.pylint.main]\ndisable = ['all']\n")
    monkeypatch.setenv("PYLINTRC", str(tmp_path / "pylintrc"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "job.py").write_text("d = {}\nd.has_key('k')\n")
    found = run_pylint(["job.py"])["job.py"]
    assert [f.code for f in found] == ["ST303"]


def test_batch_over_generated_jobs_matches_expectations():
    sources, expected = generate(50)
    results = generic_findings_many(sources, with_pylint=True)
    got = {path: [f.code for f in findings] for path, findings in results.items()}
    assert got == expected


def test_results_do_not_depend_on_order_or_history():
    sources, _ = generate(10)
    forward = run_pylint(sources)
    backward = run_pylint(dict(reversed(list(sources.items()))))
    again = run_pylint(sources)
    assert forward == backward == again


def test_two_jobs_with_same_module_names_do_not_see_each_other(tmp_path):
    jobs = {}
    for name, signature in (("one", "def build(a):"), ("two", "def build(a, b):")):
        job = tmp_path / name
        job.mkdir()
        (job / "model.py").write_text(f"{signature}\n    return a\n")
        (job / "train.py").write_text("import model\nmodel.build(1, 2)\n")
        jobs[name] = str(job / "train.py")
    one = run_pylint([jobs["one"]])[jobs["one"]]
    two = run_pylint([jobs["two"]])[jobs["two"]]
    one_again = run_pylint([jobs["one"]])[jobs["one"]]
    assert [f.code for f in one] == ["ST304"] == [f.code for f in one_again]
    assert two == []


def test_in_memory_job_resolves_its_own_modules():
    sources = {
        "archive.tar.gz/job/train.py": "from utils import load\nimport utils\nload()\nutils.save(1)\n",
        "archive.tar.gz/job/utils.py": "def load(path):\n    return path\n",
    }
    result = run_pylint(sources)
    assert [(f.line, f.code) for f in result["archive.tar.gz/job/train.py"]] == [
        (3, "ST304"), (4, "ST303")]
    assert result["archive.tar.gz/job/utils.py"] == []


def test_source_text_wins_over_the_file_on_disk(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("x = 1\n")
    [finding] = generic_findings(str(path), "print(undefined_thing)\n", with_pylint=True)
    assert tools_of(finding) == {"pyflakes": "UndefinedName", "pylint": "E0602"}


def test_undecodable_file_gives_no_pylint_findings(tmp_path):
    path = tmp_path / "bad.py"
    path.write_bytes(b"x = '\xff\xfe'\n")
    assert run_pylint([str(path)]) == {str(path): []}


def test_inline_disables_stay_in_their_file():
    result = run_pylint({
        "job/a.py": "# pylint: disable=no-member,undefined-variable\nd = {}\nd.has_key(1)\nprint(zz)\n",
        "job/b.py": "d = {}\nd.has_key(1)\nprint(zz)\n",
    })
    assert result["job/a.py"] == []
    assert [f.code for f in result["job/b.py"]] == ["ST303", "ST301"]
