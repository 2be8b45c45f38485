"""Every distribution a project's dependency files name (shapetracer/versions/declared.py)."""

from __future__ import annotations

from shapetracer.versions.declared import declared_in


def names(name: str, text: str, include=None) -> set[str]:
    declared = declared_in(name, text, include)
    assert declared.open is None, declared.open
    return set(declared.names)


def test_requirements_lines():
    text = ("numpy>=1.16  # comment\nopencv_python==4.1\nPillow[extra]\n--index-url https://x\n-c constraints.txt\n"
            "tensorflow; sys_platform != 'darwin'\ntensorflow-macos; sys_platform == 'darwin'\n.\n-e .\n"
            "pandas @ https://example.org/pandas.whl\n-e git+https://github.com/x/y.git#egg=tqdm\n")
    assert names("requirements.txt", text) == {"numpy", "opencv-python", "pillow", "tensorflow", "tensorflow-macos",
                                               "pandas", "tqdm"}


def test_includes_are_followed_and_a_missing_one_opens_the_list():
    files = {"base.txt": "numpy\n-r more.txt\n", "more.txt": "scipy\n"}
    assert names("requirements.txt", "-r base.txt\nkeras\n", files.get) == {"numpy", "scipy", "keras"}
    assert declared_in("requirements.txt", "-r nowhere.txt\n", files.get).open == "-r nowhere.txt cannot be read"


def test_locations_without_a_name_open_the_list():
    for line in ("git+https://github.com/x/y.git", "./vendor/pkg", "https://x.org/a.tar.gz", "/opt/wheels/a.whl",
                 "wheels/a-1.0-py3-none-any.whl"):
        assert declared_in("requirements.txt", f"numpy\n{line}\n").open is not None, line


def test_pyproject_every_list():
    text = """
[project]
dependencies = ["tensorflow>=2.15", "numpy"]
[project.optional-dependencies]
viz = ["matplotlib"]
[dependency-groups]
test = ["pytest"]
[tool.poetry.dependencies]
python = "^3.10"
tqdm = "*"
[tool.poetry.group.dev.dependencies]
black = "*"
"""
    assert names("pyproject.toml", text) == {"tensorflow", "numpy", "matplotlib", "pytest", "tqdm", "black"}
    assert declared_in("pyproject.toml", '[project]\nname = "x"\ndynamic = ["dependencies"]\n').open is not None


def test_setup_py_and_cfg():
    setup = "from setuptools import setup\nREQS = ['numpy', 'scipy']\n" \
            "setup(install_requires=REQS + ['keras'], extras_require={'gpu': ['tensorflow-gpu']})\n"
    assert names("setup.py", setup) == {"numpy", "scipy", "keras", "tensorflow-gpu"}
    computed = declared_in("setup.py", "from setuptools import setup\nsetup(install_requires=read('r.txt'))\n")
    assert computed.dynamic and computed.open is None
    cfg = "[options]\ninstall_requires =\n    numpy\n    tqdm\n[options.extras_require]\nplots = matplotlib\n"
    assert names("setup.cfg", cfg) == {"numpy", "tqdm", "matplotlib"}
    assert declared_in("setup.cfg", "[options]\ninstall_requires = file: requirements.txt\n").dynamic


def test_pipfile_and_conda():
    assert names("Pipfile", '[packages]\nnumpy = "*"\n[dev-packages]\npytest = "*"\n') == {"numpy", "pytest"}
    environment = ("name: x\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.7\n  - pip\n"
                   "  - conda-forge::opencv=4.1\n  - pip:\n    - tensorflow==1.15\n    - -r extra.txt\n")
    assert names("environment.yml", environment, {"extra.txt": "tqdm\n"}.get) == {"opencv", "tensorflow", "tqdm"}
