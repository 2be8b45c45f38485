"""One options table: config keys, flags, engine Options, ScanConfig and its hash all come from it."""

from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from shapetracer import options as option_table
from shapetracer.cli import check, main
from shapetracer.config import ConfigError, load_config, load_settings
from shapetracer.rules import codes
from shapetracer.domain.facts import SolverLimits
from shapetracer.engine import Options
from shapetracer.domain.bounds import Bounds
from shapetracer.jobs.cli_scan import scan
from shapetracer.jobs.config import ScanConfig


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def settings_with(project, toml: str, **flags):
    (project / "pyproject.toml").write_text("[tool.shapetracer]\n" + toml)
    return load_settings([project], **flags)


def test_defaults_are_the_engines(project):
    options = load_settings([project]).options
    assert options == Options() and options.bounds == Bounds() and options.limits == SolverLimits()
    assert option_table.merge().options == Options()


def test_every_config_key_reaches_the_engine(project):
    settings = settings_with(project, """\
        select = ["st1"]
        extend-select = ["ST201"]
        ignore = ["ST103"]
        per-file-ignores = {"tests/*" = ["ST1"]}
        possible-failures = true
        show-notes = true
        with-pylint = true
        report-unused-suppressions = true
        max-paths = 4
        unroll = 5
        call-depth = 6
        analysis-seconds = 7
        solver-timeout-ms = 800
        solver-rlimit = 900
        tf-version = "1.15"
        fail-on = "error"
        exclude = ["gen"]
        extend-exclude = ["more"]
    """.replace("        ", ""))
    options = settings.options
    assert options.select == {"ST1"} and options.extend_select == {"ST201", codes.UNUSED_SUPPRESSION}
    assert options.ignore == {"ST103"} and options.per_file_ignores == {"tests/*": ["ST1"]}
    assert options.possible_failures and options.show_notes and options.with_pylint and options.generic
    assert options.bounds == dataclasses.replace(Bounds(), max_paths=4, unroll=5, call_depth=6, seconds=7)
    assert options.limits == SolverLimits(timeout_ms=800, rlimit=900)
    assert (options.target.version, options.target.source) == ("1.15", "config")
    assert settings["fail-on"] == "error" and settings.sources["unroll"] == "config"
    assert settings.excluded(project / "gen" / "a.py") and settings.excluded(project / "more")
    assert settings.excluded(project / ".venv" / "x.py") and not settings.excluded(project / "src" / "a.py")
    assert set(option_table.CONFIG_KEYS) == {key for key in option_table.BY_KEY if key not in ("generic", "diff")}


def test_flags_replace_or_add_to_the_config(project):
    settings = settings_with(project, 'select = ["ST1"]\nignore = ["ST103"]\nextend-select = ["ST201"]\n',
                             select="st3", ignore="ST2", extend_select="ST904", possible=True, no_generic=True,
                             tf_version="2.15", fail_on="info")
    options = settings.options
    assert options.select == {"ST3"}  # replaced
    assert options.ignore == {"ST103", "ST2"} and options.extend_select == {"ST201", "ST904"}  # added up
    assert options.possible_failures and not options.generic and options.target.source == "flag"
    assert settings["fail-on"] == "info" and settings.sources["select"] == "flag"
    assert settings_with(project, "select = []\n").options.select is None  # an empty list: the defaults
    with pytest.raises(TypeError, match="unknown option"):
        load_settings([project], unroll=3)


@pytest.mark.parametrize("toml,message", [
    ("selcet = []", "unknown key 'selcet'"),
    ("generic = false", "unknown key 'generic'"),  # a flag only
    ("unroll = true", "'unroll' must be a int"),
    ("analysis-seconds = 2.5", "'analysis-seconds' must be a int"),
    ("fail-on = \"never\"", "'fail-on' must be one of error, warning, info"),
    ("possible-failures = 1", "'possible-failures' must be a bool"),
])
def test_config_checks(project, toml, message):
    (project / "pyproject.toml").write_text("[tool.shapetracer]\n" + toml + "\n")
    with pytest.raises(ConfigError, match=message):
        load_config(project / "pyproject.toml")
    result = CliRunner().invoke(main, ["check", str(project)])
    assert result.exit_code == 2 and message.split("'")[1] in result.output


def test_the_commands_flags_are_the_tables():
    def flag_names(command):
        return {opt for param in command.params for opt in param.opts}

    for command, name in ((check, "check"), (scan, "scan")):
        expected = {o.flag for o in option_table.OPTIONS if o.flag and name in o.commands}
        assert expected <= flag_names(command)
    assert {"--select", "--ignore", "--possible", "--show-notes", "--with-pylint", "--no-generic",
            "--tf-version"} <= flag_names(scan)
    assert "--tf-version" in flag_names(main.commands["shapes"])


def test_scan_config_fields_and_hash_come_from_the_table():
    analysis = {f.name for f in dataclasses.fields(ScanConfig)} - {"caps", "cache_dir"}
    assert analysis == {o.attr for o in option_table.scanned()}
    # the hashes of scans made before the table (their outputs must still resume)
    assert ScanConfig().config_hash() == "24df641350804a3e"
    assert ScanConfig().analysis_hash() == "e7c9012f48163094"
    assert ScanConfig(select=("ST1",), ignore=("ST2", "ST0"), possible_failures=True,
                      generic=False).config_hash() == "31ea3bcb8ef61921"
    pinned = ScanConfig(tf_version="1.15")
    assert pinned.config_hash() != ScanConfig().config_hash()
    assert ScanConfig.from_json(pinned.to_json()) == pinned
    assert pinned.engine_options().target.version == "1.15"
    assert ScanConfig(select=("ST1",), ignore=("ST2",)).engine_options() == Options(select=frozenset({"ST1"}),
                                                                                    ignore=frozenset({"ST2"}))


def test_scan_flags_become_the_scan_config():
    values = option_table.scan_values({"select": "st1,ST0", "ignore": None, "possible": True, "no_generic": True,
                                       "tf_version": "2.15"})
    assert ScanConfig(**values) == ScanConfig(select=("ST0", "ST1"), possible_failures=True, generic=False,
                                              tf_version="2.15")
