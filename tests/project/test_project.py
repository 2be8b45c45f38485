"""The project model: roots, imports resolved as Python would, sys.path changes, scripts."""

from __future__ import annotations

import ast
import os
import textwrap
from pathlib import Path

import pytest

from shapetracer.project import load_project
from shapetracer.project.entries import console_script_modules, is_main_guard
from shapetracer.project.root import find_root
from shapetracer.project.syspath import added_paths


def tree(base: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = base / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return base.resolve()


def main_guarded(source: str) -> bool:
    return any(is_main_guard(s) for s in ast.parse(textwrap.dedent(source)).body)


# -- roots ---------------------------------------------------------------------------------

def test_the_root_is_the_nearest_packaging_file_else_requirements_else_git(tmp_path):
    root = tree(tmp_path, {"repo/.git/HEAD": "", "repo/requirements.txt": "", "repo/src/pkg/a.py": "",
                           "repo/tools/pyproject.toml": "", "repo/tools/x.py": "", "loose/b.py": ""})
    assert find_root(root / "repo/src/pkg/a.py") == root / "repo"
    assert find_root(root / "repo/tools/x.py") == root / "repo/tools"
    assert find_root(root / "loose/b.py") == root / "loose"  # nothing above: the folder itself
    assert find_root(root / "loose") == root / "loose"


# -- scripts -------------------------------------------------------------------------------

def test_runs_start_at_main_blocks_and_at_modules_nothing_imports(tmp_path):
    root = tree(tmp_path, {
        "pyproject.toml": "",
        "settings.py": "NUM_FEATURES = None\n",
        "network.py": "import numpy as np\nimport settings\nANCHORS = np.array([1, 2])\n"
                      "def build():\n    return settings.NUM_FEATURES\n",
        "train.py": "import settings, network\nsettings.NUM_FEATURES = 4\nnetwork.build()\n",
        "evaluate.py": "import network\ndef main():\n    network.build()\nif __name__ == '__main__':\n    main()\n",
        "a.py": "import b\n", "b.py": "import a\n",  # a cycle nobody else imports: one run, the first
    })
    project = load_project([root])
    # network.py does work at module level, but train.py and evaluate.py import it: it runs through them
    assert project.scripts() == [root / "a.py", root / "evaluate.py", root / "train.py"]


@pytest.mark.parametrize("source,expected", [
    ("if __name__ == '__main__':\n    main()\n", True),
    ("if '__main__' == __name__:\n    main()\n", True),
    ("if __name__ != '__main__':\n    main()\n", False),
    ("def f():\n    if __name__ == '__main__':\n        pass\n", False),
])
def test_main_guards(source, expected):
    assert main_guarded(source) is expected


def test_console_scripts_name_their_modules():
    text = '[project.scripts]\ntrain = "pkg.train:main"\n[tool.poetry.scripts]\nev = "pkg.ev"\n'
    assert console_script_modules(text) == [("pkg.train", "main"), ("pkg.ev", None)]
    assert console_script_modules("not toml [") == []


# -- sys.path ------------------------------------------------------------------------------

@pytest.mark.parametrize("code,expected", [
    ("import os, sys\nHERE = os.path.dirname(os.path.abspath(__file__))\nsys.path.insert(0, os.path.join(HERE, 'lib'))\n",
     [("proj/lib", True)]),
    ("import sys\nfrom pathlib import Path\nsys.path.append(str(Path(__file__).resolve().parents[1]))\n",
     [(".", False)]),
    ("import sys, os\nsys.path.append(os.path.join(os.path.dirname(__file__), os.pardir, 'shared'))\n",
     [("shared", False)]),
    # relative to where the script is started: its own folder, or the root
    ("import sys\nsys.path.insert(0, '../common')\n", [("common", True), ("../common", True)]),
    ("import sys\nsys.path = ['vendor'] + sys.path\n", [("proj/vendor", True), ("vendor", True)]),
    ("import sys\nsys.path.append(some_function())\n", []),
])
def test_sys_path_changes_are_evaluated_statically(tmp_path, code, expected):
    base = tmp_path.resolve()
    file = base / "proj" / "train.py"
    found = added_paths(ast.parse(code), file, (file.parent, base))
    assert [(a.path, a.front) for a in found] == [(Path(os.path.normpath(base / p)), front) for p, front in expected]


# -- imports -------------------------------------------------------------------------------

def test_absolute_imports_of_the_project_resolve_from_the_script_not_the_importer(tmp_path):
    root = tree(tmp_path, {
        "pyproject.toml": "",
        "train.py": "from src.data import load\nload()\n",
        "src/__init__.py": "",
        "src/data.py": "from src.ops.augment import crop\ndef load():\n    return crop(1)\n",
        "src/ops/augment.py": "def crop(x):\n    return x\n",
    })
    project = load_project([root])
    train = root / "train.py"
    assert project.resolve("src.ops.augment", 0, root / "src/data.py", train) == root / "src/ops/augment.py"
    assert set(project.reached(train)) == {train, root / "src/data.py", root / "src/ops/augment.py",
                                           root / "src/__init__.py"}
    assert project.scripts() == [train]
    # data.py and augment.py are checked through train.py, never on their own
    assert project.analyses([root / "src/data.py", root / "src/ops/augment.py", train]) == [train]


def test_sys_path_insert_is_followed(tmp_path):
    root = tree(tmp_path, {
        ".git/HEAD": "",
        "run/train.py": ("import os, sys\nHERE = os.path.dirname(os.path.abspath(__file__))\n"
                         "sys.path.insert(0, os.path.join(HERE, '..', 'lib'))\n"
                         "from signnet import inference\ninference.predict()\n"),
        "lib/signnet/__init__.py": "",
        "lib/signnet/inference.py": "def predict():\n    return 1\n",
    })
    project = load_project([root])
    train = root / "run/train.py"
    assert root / "lib/signnet/inference.py" in project.reached(train)
    assert project.resolve("signnet.inference", 0, train, train) == root / "lib/signnet/inference.py"


def test_relative_and_namespace_package_imports(tmp_path):
    root = tree(tmp_path, {
        "setup.py": "",
        "main.py": "import models.net\nmodels.net.build()\n",
        "models/net.py": "from .layers import dense\nfrom . import layers\ndef build():\n    return dense()\n",
        "models/layers.py": "def dense():\n    return 1\n",
    })
    project = load_project([root])
    main = root / "main.py"
    assert project.resolve("models.net", 0, main, main) == root / "models/net.py"  # no __init__.py
    assert project.resolve("layers", 1, root / "models/net.py", main) == root / "models/layers.py"
    assert project.resolve("", 1, root / "models/net.py", main) is None  # a namespace package has no file
    assert root / "models/layers.py" in project.reached(main)


def test_star_imports_and_shared_helpers_make_one_run_per_script(tmp_path):
    root = tree(tmp_path, {
        "requirements.txt": "tensorflow==2.15\n",
        "utils.py": "import tensorflow as tf\ndef helper(x):\n    return tf.reshape(x, [-1])\n",
        "train.py": "from utils import *\nhelper(1)\n",
        "evaluate.py": "from utils import *\nhelper(2)\n",
        "orphan.py": "def unused():\n    return 0\n",
    })
    project = load_project([root])
    files = sorted(project.modules)
    assert project.analyses(files) == [root / "evaluate.py", root / "orphan.py", root / "train.py"]
    assert project.importers(root / "utils.py") == {root / "evaluate.py", root / "train.py", root / "utils.py"}
    assert project.analyses([root / "utils.py"]) == [root / "evaluate.py", root / "train.py"]


def test_a_checked_module_is_run_through_the_scripts_of_its_repository_that_import_it(tmp_path):
    root = tree(tmp_path, {
        ".git/HEAD": "",
        "models.py": "def build(n):\n    return n\n",
        "train.py": "import models\nmodels.build(3)\n",  # work at module level, no guard
        "evaluate.py": "import models\nif __name__ == '__main__':\n    models.build(4)\n",
        "plot.py": "import numpy\nnumpy.zeros(3)\n",  # imports nothing of the project
        "defs.py": "import models\nSIZE = 3\n",  # imports it, but does no work
    })
    project = load_project([root / "models.py"])
    assert project.analyses([root / "models.py"]) == [root / "evaluate.py", root / "train.py"]


def test_a_loose_folder_is_not_searched_for_importers(tmp_path):
    root = tree(tmp_path, {"models.py": "def build(n):\n    return n\n", "train.py": "import models\nmodels.build(3)\n"})
    project = load_project([root / "models.py"])
    assert project.analyses([root / "models.py"]) == [root / "models.py"]  # checked on its own


def test_a_console_script_module_is_run(tmp_path):
    root = tree(tmp_path, {
        "pyproject.toml": '[project]\nname = "p"\n[project.scripts]\ntrain = "pkg.cli:main"\n',
        "src/pkg/__init__.py": "",
        "src/pkg/cli.py": "def main():\n    return 1\n",
    })
    project = load_project([root])
    assert project.scripts() == [root / "src/pkg/cli.py"]


def test_a_module_with_a_syntax_error_is_checked_on_its_own(tmp_path):
    root = tree(tmp_path, {"bad.py": "def f(:\n", "ok.py": "x = 1\n"})
    project = load_project([root])
    assert project.analyses(sorted(project.modules)) == [root / "bad.py", root / "ok.py"]


def test_a_job_in_memory_is_a_project_like_a_folder():
    from shapetracer.project import job_project

    project = job_project({
        "train.py": b"from src.data import load\nload()\n",
        "src/data.py": b"from src.ops.augment import crop\ndef load():\n    return crop(1)\n",
        "src/ops/augment.py": b"def crop(x):\n    return x\n",
        "lib/signnet/inference.py": b"def predict():\n    return 1\n",
        "run/eval.py": (b"import os, sys\nHERE = os.path.dirname(os.path.abspath(__file__))\n"
                        b"sys.path.insert(0, os.path.join(HERE, '..', 'lib'))\nfrom signnet import inference\n"),
        "job.log": b"Traceback ...\n",
    })
    root = project.root
    assert not root.exists()  # nothing is extracted
    assert project.scripts() == [root / "run/eval.py", root / "train.py"]
    assert root / "src/ops/augment.py" in project.reached(root / "train.py")
    assert root / "lib/signnet/inference.py" in project.reached(root / "run/eval.py")
    assert project.files.name(root / "src/data.py") == "src/data.py"


def test_the_editor_sees_a_marker_added_after_it_started(tmp_path):
    from shapetracer.lsp.projects import root_of

    (tmp_path / "repo/models").mkdir(parents=True)
    script = tmp_path / "repo/models/net.py"
    script.write_text("x = 1\n")
    assert root_of(script) == tmp_path / "repo/models"  # a loose folder so far
    (tmp_path / "repo/pyproject.toml").write_text("[project]\nname = 'repo'\n")
    assert find_root(script) == tmp_path / "repo/models"  # a command-line run reads each folder once
    assert root_of(script) == tmp_path / "repo"  # opened again in the editor: the project's root
