"""resolve(path, flag): flag, then the nearest dependency pins, then the installed package, then the newest."""

from __future__ import annotations

import textwrap

import importlib
import importlib.metadata

import pytest

from shapetracer import versions
from shapetracer.domain.target import NEWEST

from .conftest import write

resolve_module = importlib.import_module("shapetracer.versions.resolve")  # the package exports resolve()


def target_of(project, name, text, where="src/model"):
    write(project / where if where else project, name, textwrap.dedent(text))
    return versions.resolve(project / "src" / "model" / "train.py", None)


@pytest.mark.parametrize("text,version", [
    ("tensorflow>=2.0,<2.16\n", "2.15"),
    ("tensorflow==1.15.5\n", "1.15"),
    ("tensorflow-gpu==1.15.0  # the GPU build\n", "1.15"),
    ("numpy\ntensorflow-cpu>=2.16\n", "2.21"),
    ("tensorflow<2\n", "1.15"),
    ("tensorflow~=2.15.0\n", "2.15"),
    ("tensorflow==2.15.*\n", "2.15"),
    ("tensorflow[and-cuda]==2.15.1 ; sys_platform == 'linux'\n", "2.15"),
    ("tf-nightly\ntensorflow>=2.4,<2.10\n", "2.9"),  # no supported release allowed: the newest it allows
    ("tensorflow==2.3.0\n", "2.3"),
    ("tensorflow @ https://example.invalid/tensorflow-2.15.0-cp311-cp311-linux_x86_64.whl\n", "2.15"),
    ("tensorflow>=1.4,\\\n    <2.0\n", "1.15"),  # a continued line
])
def test_requirements_ranges(project, text, version):
    target = target_of(project, "requirements.txt", text)
    assert target.version == version
    assert target.source.startswith("requirements.txt pin") or "requirements.txt pin" in target.source


def test_pin_source_names_the_file_and_the_requirement(project, monkeypatch):
    monkeypatch.chdir(project)
    target = target_of(project, "requirements.txt", "tensorflow>=2.0,<2.16\n")
    assert target.source == "src/model/requirements.txt pin (tensorflow>=2.0,<2.16)"
    assert target.keras == 2 and target.describe().startswith("TensorFlow 2.15 (Keras 2; from src/model/")


def test_requirements_include(project):
    write(project / "src" / "model", "requirements-gpu.txt", "-r base/common.txt\n")
    write(project / "src" / "model" / "base", "common.txt", "tensorflow-gpu==1.14.0\n")
    assert versions.resolve(project / "src" / "model" / "x.py", None).tf == (1, 14)


def test_pyproject_pep621(project):
    target = target_of(project, "pyproject.toml", """\
        [project]
        name = "m"
        dependencies = ["numpy", "tensorflow>=2.10,<2.16"]
        [project.optional-dependencies]
        oracle = ["tensorflow-cpu>=2.16", "tf-keras"]
    """)
    assert (target.version, target.keras) == ("2.15", 2)  # extras are not what the project runs on


def test_pyproject_poetry(project):
    target = target_of(project, "pyproject.toml", """\
        [tool.poetry.dependencies]
        python = "^3.7"
        tensorflow = "^1.15"
    """)
    assert target.version == "1.15"
    target = target_of(project, "pyproject.toml", """\
        [tool.poetry.dependencies]
        tensorflow = {version = "~2.15", extras = ["and-cuda"]}
    """)
    assert target.version == "1.15"  # cached per folder: same folder, same answer ...
    versions.clear_cache()
    assert versions.resolve(project / "src" / "model" / "train.py", None).version == "2.15"  # ... until cleared


def test_setup_py_is_read_not_run(project, tmp_path):
    marker = tmp_path / "ran"
    target = target_of(project, "setup.py", f"""\
        import pathlib
        pathlib.Path({str(marker)!r}).write_text("ran")
        from setuptools import setup
        REQUIRED = ["numpy>=1.16", "tensorflow-gpu>=1.4,<2"]
        setup(name="m", install_requires=REQUIRED + ["pillow"], extras_require={{"new": ["tensorflow>=2.16"]}})
    """)
    assert target.version == "1.15" and target.source.startswith(str(project / "src/model/setup.py"))
    assert not marker.exists()


def test_setup_cfg(project):
    target = target_of(project, "setup.cfg", """\
        [metadata]
        name = m
        [options]
        install_requires =
            numpy
            tensorflow==2.15.0
    """)
    assert target.version == "2.15"


def test_pipfile(project):
    target = target_of(project, "Pipfile", """\
        [packages]
        keras = "*"
        tensorflow = {version = "==1.15.2", index = "pypi"}
        [dev-packages]
        tensorflow = "*"
    """)
    assert target.version == "1.15"


def test_environment_yml_with_pip_subsection(project):
    target = target_of(project, "environment.yml", """\
        name: train
        channels:
          - conda-forge
        dependencies:
          - python=3.7
          - numpy  # the conda one
          - pip
          - pip:
            - tensorflow-gpu==1.15.0
            - "keras==2.2.4"
        variables:
          tensorflow: 2.21
    """)
    assert target.version == "1.15"


def test_environment_yml_conda_pin(project):
    assert target_of(project, "environment.yaml", "dependencies:\n  - conda-forge::tensorflow=2.15\n").version == "2.15"


def test_nearest_folder_wins(project):
    write(project, "requirements.txt", "tensorflow==1.15.5\n")
    write(project / "src", "requirements.txt", "tensorflow>=2.0,<2.16\n")
    assert versions.resolve(project / "src" / "model" / "train.py", None).version == "2.15"
    assert versions.resolve(project / "other.py", None).version == "1.15"


def test_within_a_folder_requirements_come_first(project):
    write(project, "requirements.txt", "tensorflow==1.15.5\n")
    write(project, "pyproject.toml", '[project]\ndependencies = ["tensorflow>=2.16"]\n')
    assert versions.resolve(project / "x.py", None).version == "1.15"


def test_the_walk_stops_at_the_repository_root(tmp_path):
    write(tmp_path, "requirements.txt", "tensorflow==1.15.5\n")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert versions.resolve(repo / "train.py", None).source == "default"
    assert versions.resolve(tmp_path / "train.py", None).version == "1.15"


def test_unversioned_or_unrelated_pins_say_nothing(project):
    write(project, "requirements.txt", "tensorflow\nnumpy==1.16\n-e .\ngit+https://example.invalid/x.git\n")
    assert versions.resolve(project / "x.py", None).source == "default"


def test_flag_wins(project):
    write(project, "requirements.txt", "tensorflow==1.15.5\n")
    target = versions.resolve(project / "x.py", "2.15")
    assert (target.version, target.source) == ("2.15", "flag")
    assert versions.resolve(project / "x.py", "2.21", source="config").source == "config"
    with pytest.raises(versions.VersionError, match="supported: 1.15, 2.15, 2.21"):
        versions.resolve(project / "x.py", "2.3")


def test_installed_then_newest(project, monkeypatch):
    assert versions.resolve(project / "x.py", None) == versions.fallback()
    assert (versions.fallback().version, versions.fallback().source) == (NEWEST, "default")
    monkeypatch.setattr(resolve_module, "_installed", lambda: "2.15.1")
    target = versions.resolve(project / "x.py", None)
    assert (target.version, target.keras, target.source) == ("2.15", 2, "installed")
    assert versions.resolve(None, None).source == "installed"


def test_installed_reads_distribution_metadata(monkeypatch):
    monkeypatch.undo()  # the real _installed, with a fake metadata lookup
    versions.clear_cache()
    asked = []

    def version(name):
        asked.append(name)
        if name == "tensorflow-cpu":
            return "2.15.1"
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", version)
    assert resolve_module._installed() == "2.15.1" and asked[:2] == ["tensorflow", "tensorflow-cpu"]
    assert versions.fallback().source == "installed"
    versions.clear_cache()


@pytest.mark.parametrize("text,version,keras", [
    ("keras==2.2.4\n", "1.15", 2),  # standalone Keras 2: the TF 1.x era
    ("keras<2.4\n", "1.15", 2),
    ("keras>=3\n", "2.21", 3),
    ("keras==2.15.0\n", "2.15", 2),  # keras 2.6+ is numbered like the TensorFlow it ships with
    ("keras==2.2.4\ntensorflow==2.15.0\n", "2.15", 2),  # a tensorflow pin decides the version
])
def test_keras_pins(project, text, version, keras):
    target = versions.resolve(write(project, "requirements.txt", text), None)
    assert (target.version, target.keras) == (version, keras)


def test_tf_keras_pin_selects_keras_2(project):
    write(project, "requirements.txt", "tensorflow>=2.16\ntf-keras>=2.16\n")
    target = versions.resolve(project / "x.py", None)
    assert (target.version, target.keras) == ("2.21", 2)
    assert "tf-keras in" in target.source
    versions.clear_cache()
    write(project, "requirements.txt", "tf-keras==2.17.0\n")  # tf-keras alone: numbered like TensorFlow
    assert (versions.resolve(project / "x.py", None).tf, versions.resolve(project / "x.py", None).keras) == ((2, 17), 2)


def test_tf_keras_near_and_tensorflow_far(project):
    write(project, "requirements.txt", "tensorflow==2.21.0\n")
    write(project / "src", "requirements.txt", "tf-keras\n")
    target = versions.resolve(project / "src" / "x.py", None)
    assert (target.version, target.keras) == ("2.21", 2)


def test_legacy_keras_environment_variable(project, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    target = versions.resolve(project / "x.py", None)
    assert (target.version, target.keras) == ("2.21", 2) and target.source.endswith("TF_USE_LEGACY_KERAS=1")
    assert versions.resolve(project / "x.py", "2.21").keras == 2
    assert versions.resolve(project / "x.py", "2.15").keras == 2
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "0")
    assert versions.resolve(project / "x.py", None).keras == 3


@pytest.mark.parametrize("source,keras", [
    ("import tf_keras as keras\n", 2),
    ("from tf_keras.layers import Dense\n", 2),
    ("import os\nos.environ['TF_USE_LEGACY_KERAS'] = '1'\nimport tensorflow as tf\n", 2),
    ('import os\nos.environ.setdefault("TF_USE_LEGACY_KERAS", "1")\n', 2),
    ("import os\nos.environ['TF_USE_LEGACY_KERAS'] = '0'\n", 3),
    ("# we do not import tf_keras here\nimport keras\n", 3),
])
def test_the_program_selects_legacy_keras(source, keras):
    target = versions.for_program(versions.fallback(), source)
    assert target.keras == keras
    assert versions.for_program(versions.from_setting("1.15"), source).keras == 2  # Keras 2 there anyway


def test_a_broken_dependency_file_is_no_pin(project):
    write(project, "pyproject.toml", "[project\ndependencies = [")
    write(project, "setup.py", "setup(install_requires=[")
    write(project, "Pipfile", "not toml at all = = =")
    assert versions.resolve(project / "x.py", None).source == "default"


def test_from_files_for_a_job():
    target = versions.from_files({"code/requirements.txt": b"tensorflow==2.15.0\n",
                                  "requirements.txt": b"-r reqs/base.txt\n",
                                  "reqs/base.txt": b"tensorflow-gpu==1.14\n"})
    assert target.tf == (1, 14) and target.source == "requirements.txt pin (tensorflow-gpu==1.14)"
    assert versions.from_files({"setup.py": b"from setuptools import setup\nsetup(install_requires=['keras==2.1.6'])\n"}
                               ).version == "1.15"
    assert versions.from_files({"README.md": b"tensorflow==2.15"}) is None
