"""ST501: an import no declared requirement installs (shapetracer/projectchecks/requirements.py).

Each test writes a small project and checks its ``train.py`` as ``check`` does (the
repository on disk) or as ``scan`` does (a job's members, in memory)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from shapetracer.engine import Options, check_file, check_source
from shapetracer.project import packages
from shapetracer.project.workspace import Workspace
from shapetracer.projectchecks import declarations
from shapetracer.projectchecks.requirements import imports
from shapetracer.rules import codes

import ast

OPTIONS = dict(select=frozenset({"ST501"}), generic=False, keep_shapes=False)


@pytest.fixture(autouse=True)
def _fresh_caches():
    declarations.clear_cache()
    yield
    declarations.clear_cache()


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def missing(root: Path, files: dict[str, str], script: str = "train.py") -> list[tuple[int, str]]:
    """(line, module) of each ST501 finding of ``script`` in a repository made of ``files``."""
    write(root, files)
    result = check_file(root / script, Options(**OPTIONS))
    return [(f.line, f.args["module"]) for f in result.findings if f.code == codes.MISSING_REQUIREMENT]


def test_an_import_no_requirement_installs(tmp_path):
    found = missing(tmp_path, {"requirements.txt": "tensorflow==2.15.1\nnumpy<2\n",
                               "train.py": "import numpy as np\nimport tensorflow as tf\nimport pandas as pd\n"})
    assert found == [(3, "pandas")]


def test_the_message_names_the_files_the_pin_and_the_distribution(tmp_path):
    write(tmp_path, {"requirements.txt": "tensorflow==2.15.1\n", "train.py": "import cv2\n"})
    finding = check_file(tmp_path / "train.py", Options(**OPTIONS)).findings[0]
    assert finding.message == ("No module named 'cv2' in an environment made from requirements.txt: no requirement "
                               "there installs it, nor does tensorflow==2.15.1 (it comes with opencv-python)")
    assert finding.args == {"module": "cv2", "files": ("requirements.txt",), "version": "tensorflow==2.15.1",
                            "suggestion": "opencv-python"}
    assert finding.severity == "warning" and finding.category == "import-error"


def test_standalone_keras_comes_with_tensorflow_2_15_not_1_15(tmp_path):
    source = "import keras\nfrom keras.layers import Dense\n"
    assert missing(tmp_path / "a", {"requirements.txt": "tensorflow==1.15.5\n", "train.py": source}) \
        == [(1, "keras"), (2, "keras")]
    assert missing(tmp_path / "b", {"requirements.txt": "tensorflow==2.15.1\n", "train.py": source}) == []
    assert missing(tmp_path / "c", {"requirements.txt": "tensorflow>=2.16\n", "train.py": source}) == []
    assert missing(tmp_path / "d", {"requirements.txt": "tensorflow==1.15.5\nkeras==2.3.1\n", "train.py": source}) == []


def test_what_tensorflow_1_15_brings(tmp_path):
    source = "import h5py\nimport keras_applications\nimport google.protobuf\nimport absl.flags\nimport yaml\n"
    assert missing(tmp_path, {"requirements.txt": "tensorflow-gpu==1.15\n", "train.py": source}) == [(5, "yaml")]


def test_no_dependency_file_no_finding(tmp_path):
    assert missing(tmp_path, {"train.py": "import pandas\nimport cv2\n"}) == []


def test_dependency_files_that_declare_nothing_say_nothing(tmp_path):
    files = {"pyproject.toml": "[tool.black]\nline-length = 100\n", "train.py": "import pandas\n"}
    assert missing(tmp_path, files) == []


def test_without_a_tensorflow_requirement_tensorflow_itself_is_missing(tmp_path):
    files = {"requirements.txt": "numpy\nmatplotlib\n", "train.py": "import numpy\nimport tensorflow as tf\n"}
    assert missing(tmp_path, files) == [(2, "tensorflow")]


def test_guarded_imports(tmp_path):
    source = """\
        import typing
        try:
            import tqdm
        except ImportError:
            tqdm = None
        try:
            import wandb
        except (ModuleNotFoundError, OSError):
            wandb = None
        try:
            import mlflow
        except Exception:
            pass
        if typing.TYPE_CHECKING:
            import pandas
        import importlib.util
        if importlib.util.find_spec("cv2"):
            import cv2
        import contextlib
        with contextlib.suppress(ImportError):
            import horovod
        try:
            import comet_ml
        except ValueError:
            pass
        """
    assert missing(tmp_path, {"requirements.txt": "tensorflow==2.15.1\n", "train.py": source}) == [(23, "comet_ml")]


def test_a_try_around_a_def_does_not_guard_its_body(tmp_path):
    source = "try:\n    def f():\n        import pandas\nexcept ImportError:\n    pass\n"
    assert missing(tmp_path, {"requirements.txt": "tensorflow==2.15.1\n", "train.py": source}) == [(3, "pandas")]


def test_the_projects_own_modules_wherever_they_lie(tmp_path):
    files = {"requirements.txt": "tensorflow==2.15.1\n", "lib/helpers.py": "", "src/nets/__init__.py": "",
             "ext/fast.pyx": "",
             "train.py": "import helpers\nimport nets.resnet\nimport fast\nfrom lib import helpers\nimport gone\n"}
    assert missing(tmp_path, files) == [(5, "gone")]


def test_standard_library_of_the_pinned_python(tmp_path):
    source = "import os, json, dataclasses\nimport tomllib\nimport zoneinfo\nimport msvcrt\nimport imp\n"
    assert missing(tmp_path / "a", {"requirements.txt": "tensorflow==1.15.5\n", "train.py": source}) \
        == [(2, "tomllib"), (3, "zoneinfo")]
    assert missing(tmp_path / "b", {"requirements.txt": "tensorflow==2.15.1\n", "train.py": source}) == []


def test_python2_modules_are_left_to_st306(tmp_path):
    files = {"requirements.txt": "tensorflow==1.15.5\n", "train.py": "import cPickle\nimport urllib2\n"}
    assert missing(tmp_path, files) == []


def test_namespace_packages(tmp_path):
    source = "import google.protobuf.text_format\nimport google.cloud.storage\nfrom google.colab import drive\n"
    assert missing(tmp_path, {"requirements.txt": "tensorflow==1.15.5\n", "train.py": source}) \
        == [(2, "google.cloud")]


def test_distributions_named_otherwise(tmp_path):
    files = {"requirements.txt": "tensorflow==2.15.1\nopencv-contrib-python\nPillow\nscikit-learn\nPyYAML\n"
                                 "beautifulsoup4\npython-dateutil\nfaiss-cpu\n",
             "train.py": "import cv2\nimport PIL.Image\nimport sklearn.metrics\nimport yaml\nimport bs4\nimport dateutil\n"
                         "import faiss\n"}
    assert missing(tmp_path, files) == []


def test_what_a_declared_distribution_requires_comes_with_it(tmp_path):
    # matplotlib requires pyparsing and python-dateutil (as the environments installed it)
    files = {"requirements.txt": "tensorflow==2.15.1\nmatplotlib\n", "train.py": "import pyparsing\nimport dateutil\n"}
    assert missing(tmp_path, files) == []


def test_a_distribution_with_unknown_requirements_may_bring_common_ones(tmp_path):
    files = {"requirements.txt": "tensorflow==2.15.1\nsome-unheard-of-package\n",
             "train.py": "import requests\nimport yaml\nimport pandas\n"}
    assert missing(tmp_path, files) == [(3, "pandas")]


def test_every_list_counts_extras_dev_groups(tmp_path):
    files = {"pyproject.toml": textwrap.dedent("""\
                [project]
                dependencies = ["tensorflow==2.15.1"]
                [project.optional-dependencies]
                plots = ["matplotlib"]
                [dependency-groups]
                dev = ["pytest"]
                """),
             "train.py": "import matplotlib\nimport pytest\nimport pandas\n"}
    assert missing(tmp_path, files) == [(3, "pandas")]


def test_files_above_the_script_and_includes(tmp_path):
    files = {"requirements.txt": "-r requirements/base.txt\n", "requirements/base.txt": "tensorflow==2.15.1\ntqdm\n",
             "experiments/run/train.py": "import tqdm\nimport pandas\n"}
    assert missing(tmp_path, files, "experiments/run/train.py") == [(2, "pandas")]


@pytest.mark.parametrize("requirements", [
    "tensorflow==2.15.1\ngit+https://github.com/someone/package.git\n",
    "tensorflow==2.15.1\n-r missing.txt\n",
    "tensorflow==2.15.1\n./vendor/package\n",
])
def test_a_list_that_cannot_be_read_to_the_end_says_nothing(tmp_path, requirements):
    assert missing(tmp_path, {"requirements.txt": requirements, "train.py": "import pandas\n"}) == []


def test_a_named_url_requirement_counts(tmp_path):
    files = {"requirements.txt": "tensorflow==2.15.1\ngit+https://github.com/x/y.git#egg=tqdm\n"
                                 "pandas @ https://example.org/pandas-2.0-py3-none-any.whl\n",
             "train.py": "import tqdm\nimport pandas\nimport sklearn\n"}
    assert missing(tmp_path, files) == [(3, "sklearn")]


def test_a_computed_setup_py_list_counts_only_beside_a_requirements_file(tmp_path):
    setup = "from setuptools import setup\nsetup(name='x', install_requires=open('reqs.in').read().split())\n"
    assert missing(tmp_path / "a", {"setup.py": setup, "train.py": "import pandas\n"}) == []
    assert missing(tmp_path / "b", {"setup.py": setup, "requirements.txt": "tensorflow==2.15.1\n",
                                    "train.py": "import pandas\n"}) == [(1, "pandas")]


def test_conda_environment_and_its_pip_list(tmp_path):
    files = {"environment.yml": "name: x\ndependencies:\n  - python=3.7\n  - py-opencv\n  - pip:\n"
                                "    - tensorflow==1.15.5\n    - tqdm\n",
             "train.py": "import cv2\nimport tqdm\nimport tensorflow\nimport pandas\n"}
    assert missing(tmp_path, files) == [(4, "pandas")]


def test_what_the_program_installs_or_fetches_itself(tmp_path):
    source = textwrap.dedent("""\
        import os, sys
        os.system("pip install -q tqdm==4.0 wandb")
        import tqdm, wandb
        sys.path.insert(0, "temp/nmt/")
        from temp.nmt import model
        import pandas
        """)
    assert missing(tmp_path, {"requirements.txt": "tensorflow==2.15.1\n", "train.py": source}) == [(6, "pandas")]


def test_a_notebooks_shell_install_and_kernel(tmp_path):
    import json
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
              "source": ["!pip install tqdm\n", "import tqdm\n", "from IPython.display import display\n",
                         "import pandas\n"]}]
    notebook = json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    write(tmp_path, {"requirements.txt": "tensorflow==2.15.1\n", "train.ipynb": notebook})
    result = check_file(tmp_path / "train.ipynb", Options(**OPTIONS))
    assert [(f.cell, f.line, f.args["module"]) for f in result.findings] == [(1, 4, "pandas")]


def test_a_jobs_members_in_memory():
    workspace = Workspace.of_members(["job-1/train.py", "job-1/requirements.txt", "job-1/utils/io.py",
                                      "job-1/data/x.csv"],
                                     {"job-1/requirements.txt": "tensorflow==1.15.5\n"})
    source = b"import utils.io\nimport keras\nimport tensorflow\n"
    result = check_source(source, "job-1/train.py", None, Options(**OPTIONS, workspace=workspace))
    assert [(f.line, f.args["module"]) for f in result.findings] == [(2, "keras")]


def test_an_archive_read_in_part_says_nothing():
    workspace = Workspace.of_members(["train.py", "requirements.txt"], {"requirements.txt": "tensorflow==2.15.1\n"},
                                     complete=False)
    result = check_source(b"import pandas\n", "train.py", None, Options(**OPTIONS, workspace=workspace))
    assert result.findings == []


def test_off_when_not_selected(tmp_path):
    write(tmp_path, {"requirements.txt": "tensorflow==2.15.1\n", "train.py": "import pandas\n"})
    result = check_file(tmp_path / "train.py", Options(select=frozenset({"ST1"}), generic=False))
    assert result.findings == []


def test_imports_in_source_order_with_their_places():
    tree = ast.parse("import a.b, c\nfrom d.e import f\nfrom . import g\nfrom .h import i\n")
    assert [(i.module, i.line, i.column) for i in imports(tree)] == [("a.b", 1, 1), ("c", 1, 1), ("d.e", 2, 1)]


# --- the data the check reads (generated from the real environments) --------------------------

def test_what_each_tensorflow_requires():
    assert "keras" not in packages.tensorflow_requires("1.15")
    assert {"keras-applications", "h5py", "tensorflow-estimator", "tensorboard"} <= packages.tensorflow_requires("1.15")
    assert {"keras", "tensorboard", "ml-dtypes"} <= packages.tensorflow_requires("2.15")
    assert "keras" in packages.tensorflow_requires("2.21") and "tensorboard" not in packages.tensorflow_requires("2.21")


def test_pythons_standard_libraries():
    assert "tomllib" not in packages.stdlib(("1.15",)) and "dataclasses" in packages.stdlib(("1.15",))
    assert "tomllib" in packages.stdlib(("2.15",)) and "winreg" in packages.stdlib(("1.15",))


def test_modules_of_distributions():
    assert packages.modules_of("protobuf") == (frozenset({"google.protobuf", "google._upb._message"}), True)
    assert packages.provides("protobuf", "google") and not packages.provides("protobuf", "google.colab")
    assert packages.provides("opencv-python", "cv2") and not packages.provides("opencv-python", "opencv")
    assert packages.provides("tensorflow-gpu", "tensorflow.compat.v1")
    assert packages.provides("pyjwt-extras-unknown", "jwt") and not packages.provides("keras", "tensorflow")
    assert packages.distribution_for("sklearn") == "scikit-learn" and packages.distribution_for("pandas") is None
