"""The dependency-file readers and the specifier choice, below resolve()."""

from __future__ import annotations

import pytest

from shapetracer.versions import pins, specifiers
from shapetracer.versions.specifiers import newest_allowed


@pytest.mark.parametrize("text,expected", [
    ("^2.15", (">=2.15,<3",)),
    ("^1.15.2", (">=1.15.2,<2",)),
    ("~2.15", (">=2.15,<2.16",)),
    ("~2", (">=2,<3",)),
    ("2.15.1", ("==2.15.1",)),
    ("*", ("",)),
    (">=2.0 <2.16", (">=2.0,<2.16",)),
    ("^1.15 || ^2.15", (">=1.15,<2", ">=2.15,<3")),
])
def test_poetry_constraints(text, expected):
    assert pins.poetry_spec(text) == expected


@pytest.mark.parametrize("item,expected", [
    ("tensorflow=2.15", ("tensorflow", ("==2.15.*",))),
    ("conda-forge::tensorflow-gpu=1.15.0=h0d30ee6_0", ("tensorflow-gpu", ("==1.15.0.*",))),
    ("tensorflow 2.15.*", ("tensorflow", ("==2.15.*",))),
    ("tensorflow>=2.0,<2.16", ("tensorflow", (">=2.0,<2.16",))),
    ("tensorflow", ("tensorflow", ("",))),
])
def test_conda_entries(item, expected):
    assert pins.conda(item) == expected


def test_requirement_lines():
    assert pins.requirement("TensorFlow_GPU (>=1.4, <2) ; python_version < '3.8'") == ("tensorflow-gpu", (">=1.4, <2",))
    assert pins.requirement("tf_keras") == ("tf-keras", ("",))
    found = pins.pins_in("requirements-dev.txt", "numpy\n--index-url https://x\ntensorflow>=2.16  # new\n", "r.txt")
    assert found == [pins.Pin("tensorflow", (">=2.16",), "r.txt")] and found[0].describe() == "tensorflow>=2.16"


def test_dependency_file_names_and_order():
    names = ["environment.yml", "setup.py", "requirements-gpu.txt", "Pipfile", "pyproject.toml", "requirements.txt",
             "setup.cfg"]
    assert sorted(names, key=pins.rank) == ["requirements.txt", "requirements-gpu.txt", "pyproject.toml", "setup.py",
                                            "setup.cfg", "Pipfile", "environment.yml"]
    assert not pins.is_dependency_file("README.md") and not pins.is_dependency_file("constraints.txt")


@pytest.mark.parametrize("spec,expected", [
    ("", (2, 21)),
    (">=2.0,<2.16", (2, 15)),
    ("<2", (1, 15)),
    ("==2.3.1", (2, 3)),
    (">=2.4,<2.10", (2, 9)),
    (">=2.22", (2, 22)),  # newer than anything supported: as named (modelled like 2.21)
    (">=2.16,<2.0", None),  # admits nothing
    ("=>garbage", None),
])
def test_newest_allowed(spec, expected):
    assert newest_allowed((spec,), ("2.21.0", "2.15.1", "1.15.5"),
                          tuple(f"{a}.{b}.0" for a, n in ((1, 16), (2, 22)) for b in range(n))) == expected


@pytest.mark.parametrize("spec,version,expected", [
    (">=2.0,<2.16", "2.15.1", True),
    (">=2.0,<2.16", "2.21.0", False),
    ("==2.15.*", "2.15.1", True),
    ("!=2.15.*", "2.15.1", False),
    ("~=2.15.0", "2.15.1", True),
    ("~=2.15.0", "2.16.0", False),
    ("==1.15", "1.15.0", True),
    ("<=1.15.5", "1.15.5", True),
    ("bad", "1.0", None),
])
def test_the_fallback_without_packaging_agrees(spec, version, expected, monkeypatch):
    assert specifiers._allows_fallback(spec, version) is expected
    if expected is not None:
        assert specifiers.allows(spec, version) is expected  # packaging, where installed
