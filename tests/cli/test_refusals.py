"""The command line refuses what it does not know (issue 29, item 8): a code or prefix that
names no rule, wherever codes are taken, is a usage error naming the closest code; a rule's
name works wherever a code does; ``shapes`` on input it cannot analyse says so in one line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from shapetracer import options as option_table
from shapetracer.cli import main
from shapetracer.config import ConfigError, load_settings
from shapetracer.rules import codes

BUG = "import tensorflow as tf\nx = tf.zeros([2, 3])\ny = tf.matmul(x, x)\n"


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    (tmp_path / "train.py").write_text(BUG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("flag", ["--select", "--ignore", "--extend-select"])
def test_an_unknown_code_on_the_command_line_exits_2_naming_the_closest(project, flag):
    result = run("check", flag, "ST999", "train.py")
    assert result.exit_code == 2
    assert f"{flag}: unknown code or rule 'ST999'; did you mean ST904 (unused-suppression)?" in result.stderr
    assert result.stdout == ""


def test_a_misspelt_rule_name_is_refused_with_the_right_one(project):
    result = run("check", "--ignore", "ST1,matmul-dim-mismach", "train.py")
    assert result.exit_code == 2 and "did you mean matmul-dim-mismatch (ST101)?" in result.stderr


def test_scan_refuses_unknown_codes_too(project):
    result = run("scan", "--select", "ST7", ".", "--output", "-")
    assert result.exit_code == 2 and "--select: unknown code or rule 'ST7'" in result.stderr


@pytest.mark.parametrize("toml,key", [
    ('select = ["ST1", "ST999"]', "select"),
    ('extend-select = ["ST99"]', "extend-select"),
    ('ignore = ["STX"]', "ignore"),
    ('[tool.shapetracer.per-file-ignores]\n"tests/*" = ["ST1", "matmul-dim"]', "per-file-ignores"),
    ('[tool.shapetracer.per-file-ignores]\n"tests/*" = "ST1"', "per-file-ignores"),
])
def test_an_unknown_code_in_the_configuration_exits_2(project, toml, key):
    (project / "pyproject.toml").write_text("[tool.shapetracer]\n" + toml + "\n")
    result = run("check", "train.py")
    assert result.exit_code == 2 and f"'{key}'" in result.stderr
    with pytest.raises(ConfigError, match=key):
        load_settings([project])


def test_prefixes_and_codes_of_any_case_are_known():
    assert [codes.selector(s) for s in ("ST", "st1", "ST10", "st101", " ST4 ")] == ["ST", "ST1", "ST10", "ST101", "ST4"]
    assert [codes.selector(s) for s in ("ST7", "ST999", "ST1011", "E501", "")] == [None] * 5
    assert codes.selector("ST5") == "ST5"  # the project checks (ST501, ST502)


def test_rule_names_work_wherever_codes_do(project):
    assert run("check", "--select", "matmul-dim-mismatch", "train.py").exit_code == 1
    assert run("check", "--ignore", "matmul-dim-mismatch", "train.py").exit_code == 0
    assert run("check", "--select", "ST3", "--extend-select", "Matmul-Dim-Mismatch", "train.py").exit_code == 1
    (project / "pyproject.toml").write_text('[tool.shapetracer]\nignore = ["matmul-dim-mismatch"]\n'
                                            '[tool.shapetracer.per-file-ignores]\n"x.py" = ["rank-mismatch"]\n')
    settings = load_settings([project])
    assert settings.options.ignore == {"ST101"} and settings.options.per_file_ignores == {"x.py": ["ST102"]}
    assert run("check", "train.py").exit_code == 0


def test_every_source_of_settings_passes_the_check():
    """Python callers of the options table get the same refusal as the command line."""
    with pytest.raises(option_table.SettingError, match="did you mean ST904"):
        option_table.merge({"ignore": ["ST999"]})
    with pytest.raises(option_table.SettingError, match="--select"):
        option_table.scan_values({"select": "ST1,ST999"})
    assert option_table.merge(flags={"select": "st1,rank-mismatch"}).options.select == {"ST1", "ST102"}


@pytest.mark.parametrize("name,content,code", [
    ("syntax.py", b"def f(:\n    pass\n", "ST001"),
    ("binary.py", b"\x7fELF\x02\x01\x01\x00\x00\x00\x00garbage", "ST003"),
    ("python2.py", b'print "hello"\n', "ST002"),
    ("broken.ipynb", b'{"cells": [', "ST005"),
])
def test_shapes_on_input_it_cannot_analyse_exits_1_with_one_line(tmp_path, name, content, code):
    path = tmp_path / name
    path.write_bytes(content)
    result = run("shapes", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"shapetracer: error: {path}:") and f" {code} " in lines[0]


def test_shapes_on_an_unreadable_file_exits_1(tmp_path, monkeypatch):
    path = tmp_path / "model.py"
    path.write_text(BUG)
    real = type(path).read_bytes

    def refuse(self):
        if self.name == "model.py":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(type(path), "read_bytes", refuse)
    result = run("shapes", str(path))
    assert result.exit_code == 1 and result.stderr == f"shapetracer: error: {path}: cannot read: Permission denied\n"


def test_shapes_still_shows_a_file_it_can_read(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(BUG)
    result = run("shapes", str(path))
    assert result.exit_code == 0 and "x = tf.zeros([2, 3])      # [2, 3]\n" in result.stdout
