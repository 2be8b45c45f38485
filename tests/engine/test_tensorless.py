"""Files that never touch a tensor skip the shape pass (engine/tensorless.py): they keep their
own pass (pyflakes, suppressions) and lose no finding the interpreter would make; a file
that reaches a library through a project module, subscripts a known container, imports
dynamically or needs the run's file accesses still goes through the interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import shapetracer.frontend.interpreter as interpreter_module
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_file, check_source
from shapetracer.engine.project import check_project
from shapetracer.engine.tensorless import never_touches_a_tensor

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = Options(target=target_for("2.15"))


def write(base: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return base


@pytest.fixture
def no_interpreter(monkeypatch):
    """The interpreter made unusable: a check that still builds one fails loudly."""
    def refuse(*args, **kwargs):
        raise AssertionError("the interpreter ran")
    monkeypatch.setattr(interpreter_module, "Interpreter", refuse)


def touches(source: str, tmp_path: Path, **files: str) -> bool:
    write(tmp_path, files)
    entry = write(tmp_path, {"main.py": source}) / "main.py"
    return not never_touches_a_tensor(entry, ast.parse(textwrap.dedent(source)), None, lambda code: True)


@pytest.mark.parametrize("source", [
    "import tensorflow as tf\n",
    "from tensorflow.keras import layers\n",
    "import os\n",  # os, argparse, glob: the python family models them (paths, ST151)
    "def f():\n    import numpy\n",  # an import anywhere counts
    "import importlib\nm = importlib.import_module('tensorflow')\n",
    "m = __import__('numpy')\n",
    "from keras_preprocessing import image\n",
    "x = {'a': 1}\nprint(x['b'])\n",  # ST150/ST152 need the interpreter's containers
])
def test_a_library_a_dynamic_import_or_a_subscripted_name_keeps_the_interpreter(source, tmp_path):
    assert touches(source, tmp_path)


@pytest.mark.parametrize("source", [
    "print('hello')\n",
    "import json\nimport sys\nprint(json.dumps(sys.argv))\n",
    "import helpers\nhelpers.greet()\n",
])
def test_a_plain_python_run_never_touches_a_tensor(source, tmp_path):
    assert not touches(source, tmp_path, **{"helpers.py": "def greet():\n    print('hi')\n"})


def test_a_library_reached_through_a_project_module_counts(tmp_path):
    helpers = "import tensorflow as tf\n\ndef zeros():\n    return tf.zeros([2])\n"
    assert touches("import helpers\nhelpers.zeros()\n", tmp_path, **{"helpers.py": helpers})
    package = tmp_path / "pkg"
    write(package, {"__init__.py": "", "layers.py": helpers})
    assert touches("from pkg import layers\n", tmp_path)
    assert touches("import pkg.layers\n", tmp_path)


def test_the_fast_path_keeps_the_files_own_findings(tmp_path, no_interpreter):
    file = write(tmp_path, {"setup_tool.py": "import sys\nprint(undefined_name, sys.argv)\n"}) / "setup_tool.py"
    result = check_file(file, OPTIONS)
    assert [f.code for f in result.findings] == ["ST301"]
    assert result.stats.modelled == 0 and result.status == "ok"


def test_the_fast_path_holds_in_a_project_run(tmp_path, no_interpreter):
    write(tmp_path, {"util.py": "def add(a, b):\n    return a + b\n",
                     "tool.py": "import util\nprint(util.add(1, 2), missing)\n"})
    results = check_project([tmp_path], OPTIONS)
    assert {r.path.rpartition("/")[2]: [f.code for f in r.findings] for r in results} == \
        {"tool.py": ["ST301"], "util.py": []}


def test_pure_python_findings_are_still_found(tmp_path):
    source = b"SIZES = (3, 4, 5)\nwidths = [SIZES[0], SIZES[3]]\n"
    assert [f.code for f in check_source(source, "k.py", None, OPTIONS).findings] == ["ST152"]
    write(tmp_path, {"layers.py": "import tensorflow as tf\n\ndef mm(x, w):\n    return tf.matmul(x, w)\n",
                     "train.py": "import layers\nimport tensorflow\n"
                                 "layers.mm(tensorflow.zeros([4, 3]), tensorflow.zeros([5, 2]))\n"})
    assert "ST101" in [f.code for f in check_file(tmp_path / "train.py", OPTIONS).findings]


def test_a_job_that_judges_file_accesses_keeps_the_interpreter(tmp_path):
    file = write(tmp_path, {"prep.py": "with open('data/train.csv') as f:\n    print(f.read())\n"}) / "prep.py"
    result = check_file(file, Options(target=target_for("2.15"), file_events=True))
    assert any(event.path == "data/train.csv" for event in result.file_reads)


def test_checking_a_plain_file_does_not_import_the_interpreter(tmp_path):
    write(tmp_path, {"plain.py": "import sys\nprint(sys.argv)\n"})
    code = ("import sys\nfrom shapetracer.cli import main\nsys.argv = ['shapetracer', 'check', '--no-cache', "
            "'--quiet', 'plain.py']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('shapetracer.frontend.interpreter', "
            "'shapetracer.jobs', 'shapetracer.study', 'shapetracer.lsp', 'shapetracer.constraints.tf'))))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_path_libraries_alone_skip_the_pass_unless_their_notes_are_asked_for(tmp_path):
    source = "import os\nimport glob\nfrom pathlib import Path\nprint(os.path.join(str(Path.cwd()), os.sep), glob.glob('*'))\n"
    entry = write(tmp_path, {"main.py": source, "numeric.py": "import numpy\n"}) / "main.py"
    tree = ast.parse(source)
    assert never_touches_a_tensor(entry, tree, None, lambda code: code != "ST901")
    assert not never_touches_a_tensor(entry, tree, None, lambda code: True)  # ST901 names their calls
    with_numpy = "import os\nimport numeric\n"  # a path library beside a module that reaches numpy
    assert not never_touches_a_tensor(entry, ast.parse(with_numpy), None, lambda code: code != "ST901")


def test_a_path_only_script_keeps_its_own_findings_without_the_interpreter(tmp_path, no_interpreter):
    file = write(tmp_path, {"setup_paths.py": "import os\nprint(os.sep, undefined_name)\n"}) / "setup_paths.py"
    assert [f.code for f in check_file(file, OPTIONS).findings] == ["ST301"]
